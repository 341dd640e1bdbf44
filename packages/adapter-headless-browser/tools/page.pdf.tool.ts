import { defineTool, Path, Type, Url } from '@wesgine/schema';

export default defineTool({
  name: 'page.pdf',
  description:
    "Open a web page in a fresh headless browser context and print it to a PDF file (A4, backgrounds included), as a browser's print does. Returns where the file is, its size and its page count. Private and local addresses are refused.",
  parameters: Type.Object({
    url: Url({ description: 'The page to print (http or https).' }),
    save_to: Type.Optional(
      Path({
        access: 'write',
        description:
          "Where to save the PDF (a path ending in .pdf; missing folders are made). Default: a new file in the cell's data folder.",
      }),
    ),
    wait_until: Type.Optional(
      Type.Union([Type.Literal('load'), Type.Literal('domcontentloaded'), Type.Literal('networkidle')], {
        description: 'When the page counts as ready to print. Default load.',
      }),
    ),
  }),
  meta: { readOnly: true, openWorld: true, timeoutMs: 90_000 },
  categoryOf: (args) => (args.save_to === undefined ? 'exploration' : 'action'),
  examples: [{ args: { url: 'https://example.com/report', save_to: 'report.pdf' } }],
});
