import { defineTool, Type } from '@wesgine/schema';

export default defineTool({
  name: 'cron.list',
  description:
    'List the scheduled jobs: what each runs, when it runs next, its last run and how it ended, and what happens to runs missed while the cell is stopped. With an id, that job and its latest runs.',
  parameters: Type.Object({
    id: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: 'One job to show with its latest runs.' }),
    ),
    include_ended: Type.Optional(
      Type.Boolean({ description: 'Also list jobs that are done or cancelled. Default false.' }),
    ),
  }),
  meta: { readOnly: true },
  examples: [{ args: {} }, { args: { id: 'cron-3f9a2c1d' } }],
});
