import { defineTool, Type } from '@wesgine/schema';

export default defineTool({
  name: 'plan',
  description:
    'Keep the plan for the current task: send the whole list of steps each time (it replaces the previous one). Mark a step in_progress when you start it and completed when it is done; at most one step is in_progress.',
  parameters: Type.Object({
    explanation: Type.Optional(Type.String({ maxLength: 2000, description: 'Why the plan changed, in a sentence.' })),
    plan: Type.Array(
      Type.Object({
        step: Type.String({ minLength: 1, maxLength: 500, description: 'What to do, in a short sentence.' }),
        status: Type.Union([Type.Literal('pending'), Type.Literal('in_progress'), Type.Literal('completed')]),
      }),
      { maxItems: 50, description: 'Every step, in order; an empty list clears the plan.' },
    ),
  }),
  meta: { category: 'exploration' },
  examples: [
    {
      args: {
        plan: [
          { step: 'Find where the port is set', status: 'completed' },
          { step: 'Change it and run the tests', status: 'in_progress' },
        ],
      },
    },
  ],
});
