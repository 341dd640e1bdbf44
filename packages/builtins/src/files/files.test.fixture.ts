import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, type Run } from '@wesgine/runtime';
import { builtins } from '../index.js';

const engine = createEngine({ tools: builtins });

/** A throwaway work folder (with a sibling `outside` folder) and a run of a cell on it. */
export function fileCell(): { work: string; outside: string; run: Run; newRun: (sessionId?: string) => Run } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-files-')));
  const work = join(root, 'work');
  const outside = join(root, 'outside');
  mkdirSync(work);
  mkdirSync(outside);
  const cell = engine.createCell({ workDir: work, dataDir: join(root, 'data') });
  const newRun = (sessionId = 'session-1') => cell.run({ sessionId });
  return { work, outside, run: newRun(), newRun };
}
