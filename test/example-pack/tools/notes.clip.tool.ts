import { defineTool, Type, Url } from '@wesgine/schema';

export default defineTool({
  name: 'notes.clip',
  description:
    'Fetch a web page and save its text as a new note under clips/, with the address and the time at the top; an existing note is never replaced. Use it to keep a source the user wants to come back to.',
  parameters: Type.Object({
    url: Url({ description: 'The http or https address of the page.' }),
    title: Type.String({ minLength: 1, maxLength: 120, description: 'The title of the new note.' }),
    tags: Type.Optional(
      Type.Array(Type.String({ pattern: '^[a-z0-9-]+$' }), { maxItems: 10, description: 'Lower-case tags to add.' }),
    ),
  }),
  meta: { openWorld: true, timeoutMs: 30_000 },
});
