import { defineTool, Type } from '@wesgine/schema';

export default defineTool({
  name: 'browser.snapshot',
  description:
    'Read the current page of a browser session as its accessibility tree, each element you can act on marked [ref=eN]. Take one before acting when the page may have changed on its own: refs come from the latest snapshot.',
  parameters: Type.Object({
    session: Type.String({ maxLength: 64, description: 'The session id browser.open gave.' }),
  }),
  meta: { readOnly: true, timeoutMs: 30_000, outputBudget: 60_000 },
  examples: [{ args: { session: 's-3f9a1c07' } }],
});
