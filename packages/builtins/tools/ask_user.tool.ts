import { defineTool, Type } from '@wesgine/schema';

export default defineTool({
  name: 'ask_user',
  description:
    'Ask the user one to four questions, each with two to four answers to choose from (they may also answer in their own words), and wait for the answers. Use it when you cannot go on without a decision only they can make.',
  parameters: Type.Object({
    questions: Type.Array(
      Type.Object({
        question: Type.String({ minLength: 1, maxLength: 1000, description: 'The question, ending with ?.' }),
        options: Type.Array(
          Type.Object({
            label: Type.String({ minLength: 1, maxLength: 100, description: 'The answer, in a few words.' }),
            description: Type.Optional(Type.String({ maxLength: 500, description: 'What choosing it means.' })),
          }),
          { minItems: 2, maxItems: 4 },
        ),
        multiSelect: Type.Optional(Type.Boolean({ description: 'More than one answer may be chosen. Default false.' })),
      }),
      { minItems: 1, maxItems: 4 },
    ),
  }),
  meta: { category: 'action', timeoutMs: 3_600_000 },
  examples: [
    {
      args: {
        questions: [
          {
            question: 'Which database should the service use?',
            options: [{ label: 'PostgreSQL' }, { label: 'SQLite', description: 'One file, no server' }],
          },
        ],
      },
    },
  ],
});
