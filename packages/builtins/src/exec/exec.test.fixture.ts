// A throwaway work folder and cell for the exec tests: every call in a fresh run (the cycle detector
// never steps in) with a human who approves, since background jobs and inline scripts make the Sandbox ask.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, type HumanChannel, type Run } from '@wesgine/runtime';
import { builtins } from '../index.js';

const engine = createEngine({ tools: builtins });
const approver: HumanChannel = { ask: async () => ({ decision: 'approve' }) };

export interface ExecCell {
  readonly work: string;
  readonly data: string;
  /** One exec call in a fresh run; `signal` cancels it. */
  exec(args: Record<string, unknown>, signal?: AbortSignal): ReturnType<Run['call']>;
  /** Stops the cell (and whatever its commands left running). */
  stop(): Promise<void>;
  /** Deletes the folders (for afterAll). */
  remove(): void;
}

export function execCell(): ExecCell {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-exec-')));
  const work = join(root, 'work');
  const data = join(root, 'data');
  mkdirSync(work);
  const cell = engine.createCell({ workDir: work, dataDir: data });
  return {
    work,
    data,
    exec: (args, signal) =>
      cell.run({ sessionId: 's1', human: approver, ...(signal === undefined ? {} : { signal }) }).call('exec', args),
    stop: () => cell.stop(),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Host pids of the live processes (not zombies) whose name (argv[0]) starts with `marker`. */
export function livingWith(marker: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'latin1').startsWith(marker)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      if (state !== 'Z' && state !== 'X') found.push(pid);
    } catch {
      // gone while we looked
    }
  }
  return found;
}

/** The text with the variable wall time and spill file name replaced, for exact comparisons. */
export function stable(text: string, data: string): string {
  return text
    .replace(/^Wall time: \d+\.\d seconds$/m, 'Wall time: <s> seconds')
    .replaceAll(new RegExp(`${data}/exec/[\\w-]+\\.log`, 'g'), '<data>/exec/<file>.log');
}
