// The search without ripgrep: the main thread walks the folder and hands batches of files to worker
// threads, which read and search them. A JavaScript regex can backtrack for ever on a pattern like
// (a+)+$; a worker that stays on one file longer than the per-file limit is stopped, the file is
// reported as skipped, and the search goes on with a fresh worker.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ToolError } from '@wesgine/schema';
import picomatch from 'picomatch';
import { GlobFilter } from './path-globs.js';
import type { FileHit, SearchOutcome, SearchRequest } from './search-types.js';
import { type WorkerBatch, type WorkerReply, type WorkerSetup, workerSource } from './search-worker.js';
import { walkFiles } from './walk-files.js';

export interface NodeSearchSettings {
  /** Worker threads per search. */
  readonly workers: number;
  /** How long the pattern may run on one file before the file is skipped. */
  readonly fileTimeMs: number;
  /** Files larger than this are not read (reported as skipped). */
  readonly maxFileBytes: number;
}

let settings: NodeSearchSettings = {
  workers: Math.max(1, Math.min(4, availableParallelism())),
  fileTimeMs: 3000,
  maxFileBytes: 256 * 1024 * 1024,
};

/** Changes the Node search's settings (tests use a short per-file limit). Returns the previous ones. */
export function configureNodeSearch(changes: Partial<NodeSearchSettings>): NodeSearchSettings {
  const previous = settings;
  settings = { ...settings, ...changes };
  return previous;
}

const BATCH = 48;
const QUEUE_AHEAD = 4096;

interface PooledWorker {
  readonly worker: Worker;
  readonly progress: Int32Array;
  readonly buffer: SharedArrayBuffer;
}

const idle: PooledWorker[] = [];
let source: string | undefined;

function acquire(): PooledWorker {
  const reused = idle.pop();
  if (reused !== undefined) {
    reused.worker.ref();
    return reused;
  }
  source ??= workerSource();
  const buffer = new SharedArrayBuffer(8);
  return { worker: new Worker(source, { eval: true }), progress: new Int32Array(buffer), buffer };
}

function release(pooled: PooledWorker): void {
  pooled.worker.removeAllListeners('message');
  pooled.worker.removeAllListeners('error');
  pooled.worker.unref();
  if (idle.length < 8) idle.push(pooled);
  else void pooled.worker.terminate();
}

interface Running {
  pooled: PooledWorker;
  batch: { readonly id: number; readonly files: readonly string[] } | undefined;
  seen: number;
  since: number;
}

export function runNodeSearch(request: SearchRequest): Promise<SearchOutcome> {
  const { base, mode } = request;
  const type = request.typeGlobs === undefined ? undefined : picomatch([...request.typeGlobs], { dot: true });
  const files =
    request.file !== undefined
      ? [request.file][Symbol.iterator]()
      : walkFiles({
          root: base,
          globs: request.globs.length > 0 ? new GlobFilter(request.globs) : undefined,
          fileName: type,
          deny: request.deny,
          stop: () => request.signal.aborted,
        });
  const setup: Omit<WorkerSetup, 'progress'> = {
    type: 'setup',
    source: request.regex.source,
    flags: request.regex.flags,
    literal: request.regex.literal,
    multiline: request.multiline,
    mode,
    before: request.before,
    after: request.after,
    maxFileBytes: settings.maxFileBytes,
  };
  const { fileTimeMs } = settings;

  return new Promise((resolve, reject) => {
    const queue: string[] = [];
    let walked = false;
    let nextId = 0;
    let lines = 0;
    let partial = false;
    let settled = false;
    const hits: FileHit[] = [];
    const slow: string[] = [];
    const large: string[] = [];
    const running: Running[] = [];

    const fill = (limit: number) => {
      while (!walked && queue.length < limit) {
        const next = files.next();
        if (next.done === true) walked = true;
        else queue.push(next.value);
      }
    };
    const start = (): Running => {
      const pooled = acquire();
      const entry: Running = { pooled, batch: undefined, seen: 0, since: Date.now() };
      pooled.worker.postMessage({ ...setup, progress: pooled.buffer } satisfies WorkerSetup);
      pooled.worker.on('message', (reply: WorkerReply) => receive(entry, reply));
      pooled.worker.on('error', (error) =>
        finish(new ToolError('internal', `The search worker failed: ${error.message}`)),
      );
      return entry;
    };
    const dispatch = (entry: Running) => {
      fill(BATCH);
      if (queue.length === 0 || partial || request.signal.aborted) {
        entry.batch = undefined;
        if (running.every((item) => item.batch === undefined)) finish();
        return;
      }
      const batch = { id: nextId++, files: queue.splice(0, BATCH) };
      entry.batch = batch;
      entry.seen = Atomics.load(entry.pooled.progress, 0);
      entry.since = Date.now();
      entry.pooled.worker.postMessage({
        type: 'batch',
        id: batch.id,
        files: batch.files.map(absolute),
      } satisfies WorkerBatch);
    };
    const absolute = (rel: string) => `${base}/${rel}`;
    const receive = (entry: Running, reply: WorkerReply) => {
      const batch = entry.batch;
      if (batch === undefined || reply.id !== batch.id) return;
      for (const hit of reply.hits) {
        const path = batch.files[hit.index] as string;
        hits.push({ path, count: hit.count, mtimeMs: hit.mtimeMs, groups: hit.groups });
        for (const group of hit.groups) lines += group.length;
      }
      for (const index of reply.large) large.push(batch.files[index] as string);
      if (lines > request.maxLines) partial = true;
      dispatch(entry);
    };
    const watch = setInterval(
      () => {
        const now = Date.now();
        for (const [position, entry] of running.entries()) {
          if (entry.batch === undefined) continue;
          const seen = Atomics.load(entry.pooled.progress, 0);
          if (seen !== entry.seen) {
            entry.seen = seen;
            entry.since = now;
          } else if (now - entry.since > fileTimeMs) {
            const stuck = Atomics.load(entry.pooled.progress, 1);
            const batch = entry.batch;
            entry.batch = undefined;
            slow.push(batch.files[stuck] as string);
            queue.unshift(...batch.files.filter((_, index) => index !== stuck));
            void entry.pooled.worker.terminate();
            const fresh = start();
            running[position] = fresh;
            dispatch(fresh);
          }
        }
      },
      Math.min(100, fileTimeMs / 4),
    );
    const onAbort = () => finish(new ToolError('aborted', 'The search was cancelled.'));
    request.signal.addEventListener('abort', onAbort, { once: true });

    const finish = (error?: ToolError) => {
      if (settled) return;
      settled = true;
      clearInterval(watch);
      request.signal.removeEventListener('abort', onAbort);
      for (const entry of running) {
        if (entry.batch === undefined && error === undefined) release(entry.pooled);
        else void entry.pooled.worker.terminate();
      }
      if (error !== undefined) reject(error);
      else resolve({ engine: 'node', hits, partial, slow, large });
    };

    try {
      fill(BATCH * settings.workers);
      const count = Math.max(1, Math.min(settings.workers, Math.ceil(queue.length / BATCH) + (walked ? 0 : 1)));
      for (let index = 0; index < count; index++) running.push(start());
      for (const entry of running) dispatch(entry);
      // Walks ahead while the workers search, a slice per turn of the event loop.
      const ahead = () => {
        if (settled || walked) return;
        if (queue.length >= QUEUE_AHEAD) {
          setTimeout(ahead, 2);
          return;
        }
        fill(Math.min(queue.length + 512, QUEUE_AHEAD));
        setImmediate(ahead);
      };
      setImmediate(ahead);
    } catch (error) {
      finish(error instanceof ToolError ? error : new ToolError('internal', String(error)));
    }
  });
}
