import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type CellSpec, createEngine } from '@wesgine/runtime';
import { kbAdapter } from './index.js';

/** One engine for the tests: no built-ins, the kb adapter. */
export const engine = createEngine({ adapters: [kbAdapter] });

/** A throwaway root (real path) with a work folder, a data folder and an outside folder. */
export function tempRoot(): { root: string; work: string; data: string; outside: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-kb-')));
  const work = join(root, 'work');
  const outside = join(root, 'outside');
  mkdirSync(work);
  mkdirSync(outside);
  return { root, work, data: join(root, 'data'), outside };
}

/** Writes files (relative path → text or bytes) under `base`, making folders on the way. */
export function writeFiles(base: string, files: Record<string, string | Uint8Array>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), content);
  }
}

/** A cell of the test engine on `work` with its data in `data`, its first index built. */
export async function kbCell(work: string, data: string, spec: Partial<CellSpec> = {}) {
  const cell = engine.createCell({ workDir: work, dataDir: data, kb: { folders: ['docs'] }, ...spec });
  await cell.ready();
  return cell;
}

/** Polls `check` every 25 ms until it returns true; fails after `timeoutMs`. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
