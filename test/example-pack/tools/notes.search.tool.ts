import { defineTool, Type } from '@wesgine/schema';

export default defineTool({
  name: 'notes.search',
  description:
    'Search the notes folder for a word or phrase (case-insensitive). Returns the matching lines with their note and line number, in note order. Use it before notes.read to find which note to open.',
  parameters: Type.Object({
    query: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'The text to look for; matched case-insensitively.',
    }),
    scope: Type.Union([Type.Literal('title'), Type.Literal('body'), Type.Literal('all')], {
      description: "Where to look: a note's first line ('title'), the rest ('body'), or both ('all').",
    }),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 50, description: 'The most matches to return; 10 when left out.' }),
    ),
  }),
  result: Type.Object({
    total: Type.Integer({ minimum: 0, description: 'How many lines matched, before the limit.' }),
    hits: Type.Array(
      Type.Object({
        note: Type.String({ description: 'The note, relative to the notes folder.' }),
        line: Type.Integer({ minimum: 1 }),
        text: Type.String({ description: 'The matching line, trimmed.' }),
      }),
    ),
  }),
  meta: { readOnly: true, strict: true, timeoutMs: 10_000, outputBudget: 8_000 },
  examples: [{ description: 'Find notes about the budget', args: { query: 'budget', scope: 'all', limit: 5 } }],
});
