import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { createEngine, type Run } from '@wesgine/runtime';
import { builtins } from '../index.js';

const engine = createEngine({ tools: builtins });

/** A throwaway work folder holding `files`, a sibling `outside` folder, and a run of a cell on it. */
export function patchCell(files: Record<string, string> = {}): {
  work: string;
  outside: string;
  run: Run;
  /** Every file of the work folder, by relative path (links by their text). */
  tree: () => Record<string, string>;
  /** Runs `apply_patch` with the lines joined by LF. */
  patch: (...lines: string[]) => ReturnType<Run['call']>;
} {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-patch-')));
  const work = join(root, 'work');
  const outside = join(root, 'outside');
  mkdirSync(work);
  mkdirSync(outside);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(work, name)), { recursive: true });
    writeFileSync(join(work, name), text);
  }
  const run = engine.createCell({ workDir: work, dataDir: join(root, 'data') }).run({ sessionId: 's1' });
  return {
    work,
    outside,
    run,
    tree: () => snapshot(work),
    patch: (...lines) => run.call('apply_patch', { input: lines.join('\n') }),
  };
}

/** Every file under `folder` with its content, by relative path; links as `-> target`, folders as `/`. */
export function snapshot(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      const name = relative(folder, path);
      if (entry.isSymbolicLink()) files[name] = `-> ${readlinkSync(path)}`;
      else if (entry.isDirectory()) {
        files[`${name}/`] = '';
        walk(path);
      } else files[name] = readFileSync(path, 'utf8');
    }
  };
  walk(folder);
  return files;
}
