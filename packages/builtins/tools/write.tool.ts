import { defineTool, Path, Type } from '@wesgine/schema';

export default defineTool({
  name: 'write',
  description:
    'Write a whole file: create it (with any missing folders) or replace it. To replace an existing file you must have read it in this session, and it must not have changed since. Prefer edit or apply_patch for changes to part of a file.',
  parameters: Type.Object({
    path: Path({ access: 'write', description: 'The file to write: absolute, or relative to the work folder.' }),
    content: Type.String({ maxLength: 5_242_880, description: 'The complete new text of the file.' }),
  }),
  meta: { category: 'action', progressAware: true, destructive: true },
  examples: [{ args: { path: 'notes/todo.md', content: '- ship it\n' } }],
});
