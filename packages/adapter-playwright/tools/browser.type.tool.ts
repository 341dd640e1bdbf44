import { defineTool, Type } from '@wesgine/schema';

export default defineTool({
  name: 'browser.type',
  description:
    'Type text into a field of the page (it replaces what the field held) by its ref from the latest snapshot; submit presses Enter afterwards. Returns the page afterwards as a new snapshot.',
  parameters: Type.Object({
    session: Type.String({ maxLength: 64, description: 'The session id browser.open gave.' }),
    ref: Type.String({ maxLength: 32, description: 'The field, as in [ref=e5] of the latest snapshot: e5.' }),
    text: Type.String({ maxLength: 100_000, description: 'The text to put in the field.' }),
    submit: Type.Optional(
      Type.Boolean({ description: 'Press Enter after typing (submits most forms). Default false.' }),
    ),
    element: Type.Optional(
      Type.String({ maxLength: 200, description: 'What the field is, in words (for the people watching).' }),
    ),
  }),
  meta: { category: 'action', openWorld: true, timeoutMs: 60_000, outputBudget: 60_000, displayOnly: ['element'] },
  examples: [{ args: { session: 's-3f9a1c07', ref: 'e5', text: 'Ada Lovelace', submit: false } }],
});
