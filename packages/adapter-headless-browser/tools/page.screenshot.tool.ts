import { defineTool, Path, Type, Url } from '@wesgine/schema';

export default defineTool({
  name: 'page.screenshot',
  description:
    'Open a web page in a fresh headless browser context and save a PNG screenshot of it: the visible 1280×800 area, or the whole page. Returns where the file is and its size. Private and local addresses are refused.',
  parameters: Type.Object({
    url: Url({ description: 'The page to capture (http or https).' }),
    full_page: Type.Optional(
      Type.Boolean({ description: 'Capture the whole scrollable page, not only the visible area. Default false.' }),
    ),
    save_to: Type.Optional(
      Path({
        access: 'write',
        description:
          "Where to save the PNG (a path ending in .png; missing folders are made). Default: a new file in the cell's data folder.",
      }),
    ),
    wait_until: Type.Optional(
      Type.Union([Type.Literal('load'), Type.Literal('domcontentloaded'), Type.Literal('networkidle')], {
        description: 'When the page counts as ready to capture. Default load.',
      }),
    ),
  }),
  meta: { readOnly: true, openWorld: true, timeoutMs: 90_000 },
  categoryOf: (args) => (args.save_to === undefined ? 'exploration' : 'action'),
  examples: [{ args: { url: 'https://example.com/', full_page: true, save_to: 'shots/home.png' } }],
});
