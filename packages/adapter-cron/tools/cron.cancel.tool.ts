import { defineTool, Type } from '@wesgine/schema';

export default defineTool({
  name: 'cron.cancel',
  description: 'Cancel a scheduled job so it never runs again; a run of it under way is cancelled too.',
  parameters: Type.Object({
    id: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'The job id, as cron.schedule or cron.list gave it.',
    }),
  }),
  meta: { category: 'action' },
  examples: [{ args: { id: 'cron-3f9a2c1d' } }],
});
