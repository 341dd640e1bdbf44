import { defineTool, Type } from '@wesgine/schema';

export default defineTool({
  name: 'browser.close',
  description: 'Close a browser session when you are done with it; its page and cookies are gone.',
  parameters: Type.Object({
    session: Type.String({ maxLength: 64, description: 'The session id browser.open gave.' }),
  }),
  // It changes nothing but the run's own session: no reason to ask anyone before letting it go.
  meta: { readOnly: true, idempotent: true },
  examples: [{ args: { session: 's-3f9a1c07' } }],
});
