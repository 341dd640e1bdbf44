import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type {
  CronClaim,
  CronJob,
  CronJobState,
  CronOwner,
  CronRunOutcome,
  CronRunRecord,
  CronStore,
  CronTask,
  CronWhen,
} from './cron-store.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS jobs (
  id TEXT PRIMARY KEY,
  name TEXT,
  schedule TEXT NOT NULL,
  task TEXT NOT NULL,
  owner TEXT NOT NULL,
  missed TEXT NOT NULL,
  state TEXT NOT NULL,
  next_run INTEGER,
  created_at INTEGER NOT NULL,
  ended_at INTEGER
);
CREATE INDEX IF NOT EXISTS jobs_due ON jobs (state, next_run);
CREATE TABLE IF NOT EXISTS runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  job_id TEXT NOT NULL REFERENCES jobs (id),
  scheduled_for INTEGER NOT NULL,
  started_at INTEGER,
  ended_at INTEGER,
  outcome TEXT NOT NULL,
  code TEXT,
  summary TEXT,
  missed_count INTEGER,
  run_id TEXT,
  UNIQUE (job_id, scheduled_for)
);
`;

/** How many run records a job keeps; older ones go when a new one is claimed. */
const RUNS_KEPT = 50;

interface JobRow {
  id: string;
  name: string | null;
  schedule: string;
  task: string;
  owner: string;
  missed: string;
  state: string;
  next_run: number | null;
  created_at: number;
  ended_at: number | null;
}

interface RunRow {
  id: number;
  job_id: string;
  scheduled_for: number;
  started_at: number | null;
  ended_at: number | null;
  outcome: string;
  code: string | null;
  summary: string | null;
  missed_count: number | null;
  run_id: string | null;
}

/**
 * The embedded `CronStore`: one SQLite file (WAL), made with its folder when missing. A claim is one
 * `BEGIN IMMEDIATE` transaction that moves the job's next run only if it still holds the expected time,
 * and a unique (job, scheduled time) run record backs that up, so a time runs at most once whichever
 * process or restart gets to it.
 */
export function sqliteCronStore(file: string): CronStore {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    db.exec(SCHEMA);
  } catch (error) {
    db.close();
    throw error;
  }
  const statements = {
    insert: db.prepare(
      'INSERT INTO jobs (id, name, schedule, task, owner, missed, state, next_run, created_at, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    get: db.prepare('SELECT * FROM jobs WHERE id = ?'),
    active: db.prepare("SELECT COUNT(*) AS count FROM jobs WHERE state = 'active'"),
    all: db.prepare('SELECT * FROM jobs ORDER BY created_at, id'),
    earliest: db.prepare("SELECT MIN(next_run) AS next FROM jobs WHERE state = 'active' AND next_run IS NOT NULL"),
    due: db.prepare("SELECT * FROM jobs WHERE state = 'active' AND next_run <= ? ORDER BY next_run, id"),
    move: db.prepare(
      "UPDATE jobs SET next_run = ?, state = ?, ended_at = ? WHERE id = ? AND state = 'active' AND next_run = ?",
    ),
    record: db.prepare(
      'INSERT INTO runs (job_id, scheduled_for, started_at, ended_at, outcome, summary, missed_count) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    prune: db.prepare(
      'DELETE FROM runs WHERE job_id = ? AND id NOT IN (SELECT id FROM runs WHERE job_id = ? ORDER BY id DESC LIMIT ?)',
    ),
    runById: db.prepare('SELECT * FROM runs WHERE id = ?'),
    finish: db.prepare('UPDATE runs SET outcome = ?, code = ?, summary = ?, ended_at = ? WHERE id = ?'),
    started: db.prepare('UPDATE runs SET run_id = ? WHERE id = ?'),
    cancel: db.prepare("UPDATE jobs SET state = 'cancelled', ended_at = ? WHERE id = ? AND state = 'active'"),
    interrupt: db.prepare(
      "UPDATE runs SET outcome = 'interrupted', ended_at = ?, summary = ? WHERE outcome = 'running'",
    ),
    runs: db.prepare('SELECT * FROM runs WHERE job_id = ? ORDER BY id DESC LIMIT ?'),
  };

  const claim = db.transaction((given: CronClaim): CronRunRecord | undefined => {
    const ended = given.nextRun === undefined;
    const moved = statements.move.run(
      given.nextRun ?? null,
      ended ? 'done' : 'active',
      ended ? given.at : null,
      given.jobId,
      given.expected,
    );
    if (moved.changes !== 1) return undefined;
    const running = given.outcome === 'running';
    const inserted = statements.record.run(
      given.jobId,
      given.scheduledFor,
      running ? given.at : null,
      running ? null : given.at,
      given.outcome,
      given.summary ?? null,
      given.missedCount ?? null,
    );
    statements.prune.run(given.jobId, given.jobId, RUNS_KEPT);
    return runRecord(statements.runById.get(inserted.lastInsertRowid) as RunRow);
  });

  const add = db.transaction((job: CronJob, limit: number): boolean => {
    if ((statements.active.get() as { count: number }).count >= limit) return false;
    statements.insert.run(
      job.id,
      job.name ?? null,
      JSON.stringify(job.when),
      JSON.stringify(job.task),
      JSON.stringify(job.owner),
      job.missed,
      job.state,
      job.nextRun ?? null,
      job.createdAt,
      job.endedAt ?? null,
    );
    return true;
  });

  let open = true;
  const live = () => {
    if (!open) throw new Error('the cron store is closed');
  };

  return {
    async add(job, limit) {
      live();
      return add.immediate(job, limit);
    },
    async get(id) {
      live();
      const row = statements.get.get(id) as JobRow | undefined;
      return row === undefined ? undefined : cronJob(row);
    },
    async list(states) {
      live();
      return (statements.all.all() as JobRow[])
        .filter((row) => states.includes(row.state as CronJobState))
        .map(cronJob);
    },
    async earliest() {
      live();
      const row = statements.earliest.get() as { next: number | null };
      return row.next ?? undefined;
    },
    async due(now) {
      live();
      return (statements.due.all(now) as JobRow[]).map(cronJob);
    },
    async claim(given) {
      live();
      try {
        return claim.immediate(given);
      } catch (error) {
        // The unique record: this time was recorded already, so it is not taken again.
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') return undefined;
        throw error;
      }
    },
    async finish(recordId, end) {
      live();
      statements.finish.run(end.outcome, end.code ?? null, end.summary, end.at, recordId);
    },
    async started(recordId, runId) {
      live();
      statements.started.run(runId, recordId);
    },
    async cancel(id, at) {
      live();
      return statements.cancel.run(at, id).changes === 1;
    },
    async interrupt(at, summary) {
      live();
      return statements.interrupt.run(at, summary).changes;
    },
    async runs(jobId, limit) {
      live();
      return (statements.runs.all(jobId, limit) as RunRow[]).map(runRecord);
    },
    async close() {
      if (!open) return;
      open = false;
      db.close();
    },
  };
}

function cronJob(row: JobRow): CronJob {
  return {
    id: row.id,
    ...(row.name === null ? {} : { name: row.name }),
    when: JSON.parse(row.schedule) as CronWhen,
    task: JSON.parse(row.task) as CronTask,
    owner: JSON.parse(row.owner) as CronOwner,
    missed: row.missed === 'skip' ? 'skip' : 'once',
    state: row.state as CronJobState,
    nextRun: row.next_run ?? undefined,
    createdAt: row.created_at,
    ...(row.ended_at === null ? {} : { endedAt: row.ended_at }),
  };
}

function runRecord(row: RunRow): CronRunRecord {
  return {
    id: row.id,
    jobId: row.job_id,
    scheduledFor: row.scheduled_for,
    ...(row.started_at === null ? {} : { startedAt: row.started_at }),
    ...(row.ended_at === null ? {} : { endedAt: row.ended_at }),
    outcome: row.outcome as CronRunOutcome,
    ...(row.code === null ? {} : { code: row.code }),
    ...(row.summary === null ? {} : { summary: row.summary }),
    ...(row.missed_count === null ? {} : { missedCount: row.missed_count }),
    ...(row.run_id === null ? {} : { runId: row.run_id }),
  };
}
