import { defineTool, Path, Type } from '@wesgine/schema';

export default defineTool({
  name: 'glob',
  description:
    'Find files by name with a glob pattern such as **/*.ts or src/**/test_*.py. Returns at most 100 paths, newest first. Honours .gitignore and skips .git folders.',
  parameters: Type.Object({
    pattern: Type.String({ minLength: 1, maxLength: 1024, description: 'The glob, relative to path.' }),
    path: Type.Optional(Path({ access: 'read', description: 'The folder to search in. Default: the work folder.' })),
  }),
  meta: { readOnly: true, aliases: ['find_files'], timeoutMs: 35_000 },
  examples: [{ args: { pattern: '**/*.test.ts' } }],
});
