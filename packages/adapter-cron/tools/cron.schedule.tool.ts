import { defineTool, Type } from '@wesgine/schema';

const ToolRun = Type.Object(
  {
    tool: Type.String({ minLength: 1, maxLength: 200, description: 'The name of the tool to call.' }),
    arguments: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description: "The tool's arguments, checked against its schema now.",
      }),
    ),
  },
  { description: 'Call one tool with these arguments.' },
);

const PromptRun = Type.Object(
  {
    prompt: Type.String({
      minLength: 1,
      maxLength: 16_000,
      description: 'What to tell the agent; it runs with the tools of this cell.',
    }),
  },
  { description: 'Give an agent this prompt.' },
);

export default defineTool({
  name: 'cron.schedule',
  description: [
    'Schedule a tool call or an agent prompt to run later, once or repeatedly. Jobs are kept across restarts.',
    'when: a cron expression (minute hour day-of-month month day-of-week, or six fields with seconds first, or',
    '@hourly/@daily/@weekly/@monthly/@yearly), or an ISO date-time with an offset for one run',
    '(2026-12-24T09:00:00Z). Each run goes through the same governance as a call made now, with no person to',
    'ask: a call that would need approval is refused then.',
  ].join(' '),
  parameters: Type.Object({
    when: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'A cron expression such as "0 9 * * 1-5", or an ISO date-time such as "2026-12-24T09:00:00Z".',
    }),
    timezone: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description:
          'An IANA time zone such as "Europe/Berlin" for the expression (or a date without offset). Default UTC.',
      }),
    ),
    run: Type.Union([ToolRun, PromptRun], { description: 'What to run: { tool, arguments } or { prompt }.' }),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'A short name to know the job by.' })),
    missed: Type.Optional(
      Type.Union([Type.Literal('once'), Type.Literal('skip')], {
        description:
          "Runs missed while the cell was stopped: run once late, or skip them. Default: the cell's setting.",
      }),
    ),
  }),
  meta: { category: 'action' },
  examples: [
    { args: { when: '0 9 * * 1-5', timezone: 'Europe/Berlin', run: { prompt: 'Summarise the new issues.' } } },
    { args: { when: '2026-12-24T09:00:00Z', run: { tool: 'write', arguments: { path: 'note.md', content: 'hi' } } } },
  ],
});
