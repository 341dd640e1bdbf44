import { defineTool, Type } from '@wesgine/schema';

export default defineTool({
  name: 'delegate_task',
  description:
    'Hand a self-contained task to a sub-agent and get back its final answer. The sub-agent starts fresh: it sees only your prompt, so put everything it needs there. Its tools and permissions never exceed yours.',
  parameters: Type.Object({
    description: Type.String({ minLength: 1, maxLength: 100, description: 'The task in 3 to 5 words.' }),
    prompt: Type.String({
      minLength: 1,
      maxLength: 100_000,
      description: 'The whole task, with the context it needs.',
    }),
    agent: Type.Optional(
      Type.String({ minLength: 1, maxLength: 128, description: 'Which configured sub-agent to use. Default general.' }),
    ),
  }),
  meta: { category: 'action', timeoutMs: 1_800_000, delegates: true },
  examples: [
    {
      args: {
        description: 'Find the config loader',
        prompt: 'Find where config.yaml is parsed and report the file and function.',
      },
    },
  ],
});
