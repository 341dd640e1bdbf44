// A throwaway work folder and cell for the exec tests: every call in a fresh run (the cycle detector
// never steps in) with a human who approves, since background jobs and inline scripts make the Sandbox ask.
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
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
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** The text with the variable wall time and spill file name replaced, for exact comparisons. */
export function stable(text: string, data: string): string {
  return text
    .replace(/^Wall time: \d+\.\d seconds$/m, 'Wall time: <s> seconds')
    .replaceAll(new RegExp(`${data}/exec/[\\w-]+\\.log`, 'g'), '<data>/exec/<file>.log');
}
