import { Command, defineTool, Path, Type } from '@wesgine/schema';
import { execCategory } from '../src/exec/exec-category.js';

export default defineTool({
  name: 'exec',
  description:
    'Run a bash command and return its exit code, wall time and output (stdout and stderr together). Stdin is closed and no terminal is attached: never start an interactive program. Long output is cut in the middle; the full text is saved to a file whose path is given. The command is stopped, with everything it started, after timeout_ms (exit code 124). Secrets in the environment are not passed on.',
  parameters: Type.Object({
    command: Command({ description: 'The bash command line to run.' }),
    workdir: Type.Optional(
      Path({ access: 'read', description: 'The folder to run in; an existing folder. Default: the work folder.' }),
    ),
    timeout_ms: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 600_000,
        description: 'Stop the command after this many ms. Default 120000.',
      }),
    ),
    description: Type.Optional(
      Type.String({ maxLength: 200, description: 'What the command does, in a few words, for the people watching.' }),
    ),
  }),
  meta: { category: 'action', timeoutMs: 610_000, outputBudget: 40_000, displayOnly: ['description'] },
  categoryOf: (args) => execCategory(args.command),
  examples: [{ args: { command: 'npm test', description: 'Run the tests' } }],
});
