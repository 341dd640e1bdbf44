import { defineTool, Path, Type } from '@wesgine/schema';

export default defineTool({
  name: 'edit',
  description:
    'Replace exact text in a file. old_string must match the file literally (whitespace and indentation included) and, unless replace_all is true, exactly once: add surrounding lines to make it unique. Read the file in this session first. An empty old_string creates a new file with new_string as its text.',
  parameters: Type.Object({
    path: Path({ access: 'write', description: 'The file to change: absolute, or relative to the work folder.' }),
    old_string: Type.String({ description: 'The exact text to replace; empty to create a new file.' }),
    new_string: Type.String({ description: 'The text to put in its place; must differ from old_string.' }),
    replace_all: Type.Optional(
      Type.Boolean({ description: 'Replace every occurrence instead of exactly one. Default false.' }),
    ),
  }),
  meta: { category: 'action', progressAware: true, destructive: true },
  examples: [{ args: { path: 'src/app.ts', old_string: 'const port = 80;', new_string: 'const port = 8080;' } }],
});
