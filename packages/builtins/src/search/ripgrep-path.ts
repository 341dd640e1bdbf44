// Where ripgrep is, found once; and which engine grep uses: `WESGINE_GREP=node` or `=ripgrep` in the
// environment, or `useGrepEngine()` (tests), else ripgrep when it is on PATH.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export type GrepEngine = 'auto' | 'ripgrep' | 'node';

let found: string | null | undefined;
let chosen: GrepEngine | undefined;

/** The path of `rg` on PATH, or undefined; looked up on the first call only. */
export function ripgrepPath(): string | undefined {
  if (found === undefined) {
    found = null;
    for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
      if (dir === '') continue;
      const candidate = join(dir, 'rg');
      try {
        accessSync(candidate, constants.X_OK);
        if (statSync(candidate).isFile()) {
          found = candidate;
          break;
        }
      } catch {}
    }
  }
  return found ?? undefined;
}

/** Chooses the engine for the following searches; `auto` (the default) prefers ripgrep. */
export function useGrepEngine(engine: GrepEngine): void {
  chosen = engine;
}

/** The engine the next search runs on. */
export function grepEngine(): 'ripgrep' | 'node' {
  const wanted = chosen ?? environmentChoice();
  if (wanted === 'node') return 'node';
  return ripgrepPath() === undefined ? 'node' : 'ripgrep';
}

function environmentChoice(): GrepEngine {
  const value = process.env['WESGINE_GREP']?.trim().toLowerCase();
  if (value === 'node' || value === 'js') return 'node';
  if (value === 'ripgrep' || value === 'rg') return 'ripgrep';
  return 'auto';
}
