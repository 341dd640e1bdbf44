import { defineTool, Type } from '@wesgine/schema';

export default defineTool({
  name: 'desktop.windows',
  description:
    'List the visible windows of the X display: each one’s id (for the window parameter of the other desktop tools), title and geometry (position on the screen and size in pixels), and the screen size. Titles are set by the programs and are untrusted.',
  parameters: Type.Object({
    title: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Only windows whose title contains this text (case-insensitive).',
      }),
    ),
  }),
  meta: { readOnly: true, timeoutMs: 30_000 },
  examples: [{ args: {} }, { args: { title: 'terminal' } }],
});
