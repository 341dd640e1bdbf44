import { defineTool, Type } from '@wesgine/schema';

export default defineTool({
  name: 'browser.select',
  description:
    'Choose options of a drop-down list (a select element) by its ref from the latest snapshot, each option given by its label or its value; several for a list that allows several. Returns the page afterwards as a new snapshot.',
  parameters: Type.Object({
    session: Type.String({ maxLength: 64, description: 'The session id browser.open gave.' }),
    ref: Type.String({ maxLength: 32, description: 'The list, as in [ref=e6] of the latest snapshot: e6.' }),
    values: Type.Array(Type.String({ maxLength: 1_000 }), {
      minItems: 1,
      maxItems: 100,
      description: 'The options to choose, by label or value.',
    }),
    element: Type.Optional(
      Type.String({ maxLength: 200, description: 'What the list is, in words (for the people watching).' }),
    ),
  }),
  meta: { category: 'action', openWorld: true, timeoutMs: 60_000, outputBudget: 60_000, displayOnly: ['element'] },
  examples: [{ args: { session: 's-3f9a1c07', ref: 'e6', values: ['Banana'] } }],
});
