import { defineTool, Path, Type } from '@wesgine/schema';

export default defineTool({
  name: 'browser.screenshot',
  description:
    "Take a PNG screenshot of a session's page (what is visible, the whole page, or one element by its ref) and return where it was saved and its size.",
  parameters: Type.Object({
    session: Type.String({ maxLength: 64, description: 'The session id browser.open gave.' }),
    ref: Type.Optional(
      Type.String({ maxLength: 32, description: 'Only this element, as in [ref=e3] of the latest snapshot.' }),
    ),
    full_page: Type.Optional(Type.Boolean({ description: 'The whole scrollable page, not only what is visible.' })),
    save_to: Type.Optional(
      Path({
        access: 'write',
        description: "Where to save the PNG; else a new file in the cell's data folder.",
      }),
    ),
  }),
  meta: { readOnly: true, timeoutMs: 60_000 },
  categoryOf: (args) => (args.save_to === undefined ? 'exploration' : 'action'),
  examples: [{ args: { session: 's-3f9a1c07', full_page: true } }],
});
