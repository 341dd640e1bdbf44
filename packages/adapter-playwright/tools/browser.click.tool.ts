import { defineTool, Type } from '@wesgine/schema';

export default defineTool({
  name: 'browser.click',
  description:
    'Click an element of the page (a link, a button, a checkbox) by its ref from the latest snapshot. Returns the page after the click as a new snapshot; a link or a form that leads to an address that is not allowed is refused and the page stays where it was.',
  parameters: Type.Object({
    session: Type.String({ maxLength: 64, description: 'The session id browser.open gave.' }),
    ref: Type.String({ maxLength: 32, description: 'The element, as in [ref=e12] of the latest snapshot: e12.' }),
    element: Type.Optional(
      Type.String({ maxLength: 200, description: 'What the element is, in words (for the people watching).' }),
    ),
  }),
  meta: { category: 'action', openWorld: true, timeoutMs: 60_000, outputBudget: 60_000, displayOnly: ['element'] },
  examples: [{ args: { session: 's-3f9a1c07', ref: 'e7', element: 'the Send button' } }],
});
