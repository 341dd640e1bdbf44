import { MISSED_COUNTED } from '../schedule/next-run.js';
import type { CronJob, CronRunRecord, CronTask, CronWhen } from '../store/cron-store.js';

/** `every "0 9 * * 1-5" (Europe/Berlin)` or `once at 2026-12-24T09:00:00.000Z`. */
export function describeWhen(when: CronWhen): string {
  return when.kind === 'once' ? `once at ${iso(when.at)}` : `every "${when.expression}" (${when.timezone ?? 'UTC'})`;
}

/** `write {"path":"a.md"}` or `the prompt "Summarise…"`, cut to a line. */
export function describeTask(task: CronTask): string {
  if (task.kind === 'prompt') return `the prompt ${JSON.stringify(cut(task.prompt, 80))}`;
  return `${task.tool} ${cut(JSON.stringify(task.arguments), 200)}`;
}

/** The policy in words. */
export function describeMissed(job: Pick<CronJob, 'missed'>): string {
  return job.missed === 'once' ? 'run once, late' : 'skipped';
}

/** A job's name as shown after its id. */
export function jobTitle(job: Pick<CronJob, 'id' | 'name'>): string {
  return job.name === undefined ? job.id : `${job.id} ${JSON.stringify(job.name)}`;
}

/** One run record in a line: when, how it ended, what it said. */
export function describeRun(run: CronRunRecord): string {
  const when = iso(run.scheduledFor);
  const missed =
    run.missedCount === undefined ? '' : ` (late: ${missedTimes(run.missedCount)} passed while the cell was stopped)`;
  switch (run.outcome) {
    case 'running':
      return `${when} running since ${iso(run.startedAt ?? run.scheduledFor)}${missed}`;
    case 'ok':
      return `${when} ok${missed}: ${firstLine(run.summary)}`;
    case 'error':
      return `${when} failed (${run.code ?? 'handler_failed'})${missed}: ${firstLine(run.summary)}`;
    case 'interrupted':
      return `${when} interrupted: ${firstLine(run.summary)}`;
    case 'missed':
    case 'skipped':
      return `${when} not run: ${firstLine(run.summary)}`;
  }
}

/** The job's status lines for `cron.list`. */
export function describeJob(job: CronJob, last: CronRunRecord | undefined): string {
  const head = `${jobTitle(job)} (${job.state}): ${describeTask(job.task)} ${describeWhen(job.when)}; missed runs: ${describeMissed(job)}`;
  const next =
    job.state === 'active' && job.nextRun !== undefined
      ? `next ${iso(job.nextRun)}`
      : job.state === 'cancelled'
        ? `cancelled ${iso(job.endedAt ?? job.createdAt)}`
        : 'will not run again';
  return `${head}\n  ${next}; last ${last === undefined ? 'none yet' : describeRun(last)}`;
}

/** `its time`, `3 times`, or `100 or more times` when counting stopped. */
export function missedTimes(count: number): string {
  if (count === 1) return 'its time';
  return count >= MISSED_COUNTED ? `${count} or more times` : `${count} times`;
}

export function iso(at: number): string {
  return new Date(at).toISOString();
}

function firstLine(text: string | undefined): string {
  const line = (text ?? '').split('\n', 1)[0] ?? '';
  return cut(line === '' ? '(no text)' : line, 160);
}

function cut(text: string, most: number): string {
  return text.length <= most ? text : `${text.slice(0, most - 1)}…`;
}
