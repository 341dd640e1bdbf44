import { join } from 'node:path';
import { type AdapterSource, type AnyHandler, defineAdapter } from '@wesgine/runtime';
import { handlers, pack, tools } from '../generated/handlers.gen.js';
import { checkSpec } from './check-spec.js';
import { addScheduler, removeScheduler } from './cron-cells.js';
import { CronScheduler } from './scheduler/cron-scheduler.js';
import { sqliteCronStore } from './store/sqlite-cron-store.js';

const PROVENANCE = `${pack.name}@${pack.version}`;

/** Where a cell keeps its jobs: `<dataDir>/cron/jobs.sqlite`. */
export function cronDatabase(dataDir: string): string {
  return join(dataDir, 'cron', 'jobs.sqlite');
}

/**
 * The cron adapter, for `createEngine({ adapters: [cronAdapter] })`: a cell whose spec sets `cron` gets
 * `cron.schedule`, `cron.list` and `cron.cancel`, its jobs kept in SQLite in its data folder and run
 * as runs of the cell with the job as their origin.
 */
export const cronAdapter = defineAdapter({
  field: 'cron',
  provenance: PROVENANCE,
  create(cell, given): AdapterSource {
    const spec = checkSpec(given);
    const store = sqliteCronStore(cronDatabase(cell.dataDir));
    const scheduler = new CronScheduler(cell, spec, store);
    addScheduler(cell.id, scheduler);
    const sourced = tools.map((definition) => ({
      definition,
      handler: handlers[definition.name] as AnyHandler,
    }));
    return {
      kind: 'adapter',
      id: 'adapter:cron',
      provenance: PROVENANCE,
      tools: () => sourced,
      ready: () => scheduler.started,
      close: async () => {
        removeScheduler(cell.id, scheduler);
        await scheduler.close();
      },
    };
  },
});
