import { defineTool, Path, Type } from '@wesgine/schema';

export default defineTool({
  name: 'read',
  description:
    'Read a text file and return its lines numbered from 1 (a tab follows each number). Reads up to 2000 lines; use offset and limit for the rest of a long file. Lines over 2000 characters are cut. Refuses binary files, folders and whole files over 256 KiB (read those in parts). Read a file before you write or edit it.',
  parameters: Type.Object({
    path: Path({ access: 'read', description: 'The file to read: absolute, or relative to the work folder.' }),
    offset: Type.Optional(
      Type.Integer({ minimum: 1, description: 'The first line to return, counting from 1. Default 1.' }),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2000, description: 'How many lines to return, at most 2000. Default 2000.' }),
    ),
  }),
  meta: { readOnly: true, outputBudget: 200_000 },
  examples: [
    { args: { path: 'src/index.ts' } },
    { description: 'The next page', args: { path: 'log.txt', offset: 2001 } },
  ],
});
