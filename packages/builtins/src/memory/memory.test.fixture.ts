import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, type Run } from '@wesgine/runtime';
import { builtins } from '../index.js';

const engine = createEngine({ tools: builtins });

/**
 * A cell on throwaway folders, and `memory`, which calls the tool in a fresh run each time (so a test
 * that provokes one error after another never meets the run's cycle detector).
 */
export function memoryCell(): {
  dataDir: string;
  workDir: string;
  run: Run;
  newRun: (sessionId?: string) => Run;
  memory: (args: Record<string, unknown>) => ReturnType<Run['call']>;
} {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-memory-')));
  const dataDir = join(root, 'data');
  const workDir = join(root, 'work');
  const cell = engine.createCell({ workDir, dataDir });
  const newRun = (sessionId = 'session-1') => cell.run({ sessionId });
  const run = newRun();
  return { dataDir, workDir, run, newRun, memory: (args) => newRun().call('memory', args) };
}
