import { defineTool, Type } from '@wesgine/schema';

export default defineTool({
  name: 'browser.close',
  description: 'Close a browser session when you are done with it; its page and cookies are gone.',
  parameters: Type.Object({
    session: Type.String({ maxLength: 64, description: 'The session id browser.open gave.' }),
  }),
  meta: { category: 'action', idempotent: true },
  examples: [{ args: { session: 's-3f9a1c07' } }],
});
