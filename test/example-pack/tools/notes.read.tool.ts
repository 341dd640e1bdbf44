import { defineTool, Path, Type } from '@wesgine/schema';

export default defineTool({
  name: 'notes.read',
  description:
    'Read one note and return its text with line numbers. Long notes can be read in parts with fromLine and maxLines.',
  parameters: Type.Object({
    path: Path({
      access: 'read',
      description: 'The note to read, relative to the notes folder (e.g. ideas/garden.md).',
    }),
    fromLine: Type.Optional(Type.Integer({ minimum: 1, description: 'The first line to return; 1 when left out.' })),
    maxLines: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2_000, description: 'The most lines to return; 200 when left out.' }),
    ),
  }),
  result: Type.Object({
    path: Type.String(),
    totalLines: Type.Integer({ minimum: 0 }),
    text: Type.String({ description: 'The requested lines, each prefixed with its number.' }),
  }),
  meta: { readOnly: true, strict: true, outputBudget: 20_000 },
  examples: [
    { args: { path: 'ideas/garden.md' } },
    { description: 'The second page', args: { path: 'log.md', fromLine: 201 } },
  ],
});
