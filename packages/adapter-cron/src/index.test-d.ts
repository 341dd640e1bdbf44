import type { Adapter } from '@wesgine/runtime';
import { describe, expectTypeOf, it } from 'vitest';
import { type CronScheduleArgs, type CronStore, cronAdapter, sqliteCronStore } from './index.js';

describe('the types of @wesgine/adapter-cron', () => {
  it('types the adapter for the cron field and the store factory', () => {
    expectTypeOf(cronAdapter).toMatchTypeOf<Adapter<'cron'>>();
    expectTypeOf(sqliteCronStore).returns.toEqualTypeOf<CronStore>();
    expectTypeOf<CronStore['claim']>().returns.resolves.toMatchTypeOf<{ readonly scheduledFor: number } | undefined>();
  });

  it('types what cron.schedule takes: a tool call or a prompt', () => {
    expectTypeOf<CronScheduleArgs['run']>().toEqualTypeOf<
      { tool: string; arguments?: { [k: string]: unknown } } | { prompt: string }
    >();
    expectTypeOf<CronScheduleArgs['missed']>().toEqualTypeOf<'once' | 'skip' | undefined>();
  });
});
