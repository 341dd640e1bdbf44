import { defineTool, Path, Type } from '@wesgine/schema';

export default defineTool({
  name: 'notes.write',
  description:
    "Create a note, replace one, or add text to its end. Folders are created as needed. Refuses to replace an existing note unless mode is 'overwrite'.",
  parameters: Type.Object({
    path: Path({ access: 'write', description: 'The note to write, relative to the notes folder; ends in .md.' }),
    text: Type.String({ description: 'The Markdown text to write.' }),
    mode: Type.Union([Type.Literal('create'), Type.Literal('overwrite'), Type.Literal('append')], {
      description: "'create' fails when the note exists; 'overwrite' replaces it; 'append' adds to its end.",
    }),
  }),
  result: Type.Object({
    path: Type.String(),
    bytes: Type.Integer({ minimum: 0, description: 'The size of the note after the write.' }),
    created: Type.Boolean(),
  }),
  meta: { progressAware: true, destructive: true, strict: true, timeoutMs: 5_000 },
  examples: [{ args: { path: 'inbox/today.md', text: '- buy seeds\n', mode: 'append' } }],
});
