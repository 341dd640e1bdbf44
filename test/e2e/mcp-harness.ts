// Helpers for the MCP client suites: the reference servers' entry points, cells in throwaway folders,
// waiting for a cell's source events, and the process tree below this test process.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Cell, type CellEvent, type CellSpec, createEngine } from '@wesgine/runtime';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The everything server's entry, run with this Node (its bin is a script with a `node` shebang). */
export const EVERYTHING = join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
/** The small changing server of the fixtures. */
export const CHANGING = join(root, 'test/e2e/fixtures/mcp-changing-server.mjs');

/** A cell in a fresh real folder; `cleanup` stops it and removes the folder. */
export function mcpCell(spec: Partial<CellSpec> = {}): { cell: Cell; workDir: string; cleanup: () => Promise<void> } {
  const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-mcp-')));
  const cell = createEngine().createCell({ workDir, ...spec });
  return {
    cell,
    workDir,
    cleanup: async () => {
      await cell.stop();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

type SourceEvent = Extract<CellEvent, { kind: 'source' }>;

/** Resolves with the first source event of `cell` that matches, from now on. */
export function nextSourceEvent(
  cell: Cell,
  matches: (event: SourceEvent) => boolean,
  timeoutMs = 20_000,
): Promise<SourceEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no matching source event within ${timeoutMs} ms`));
    }, timeoutMs);
    const stop = cell.onEvent((event) => {
      if (event.kind !== 'source' || !matches(event)) return;
      clearTimeout(timer);
      stop();
      resolve(event);
    });
  });
}

/** Every source event of `cell` from now on, in a list that grows. */
export function sourceEvents(cell: Cell): SourceEvent[] {
  const events: SourceEvent[] = [];
  cell.onEvent((event) => {
    if (event.kind === 'source') events.push(event);
  });
  return events;
}

/** The processes below this one (children, their children, ...), as `pid args` lines. */
export function descendants(): { pid: number; args: string }[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/))
    .filter((match) => match !== null)
    .map((match) => ({ pid: Number(match[1]), ppid: Number(match[2]), args: match[3] ?? '' }));
  const found: { pid: number; args: string }[] = [];
  const parents = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of table) {
      if (parents.has(row.ppid) && !parents.has(row.pid)) {
        parents.add(row.pid);
        found.push({ pid: row.pid, args: row.args });
        grew = true;
      }
    }
  }
  return found;
}

/**
 * The Node processes below this one whose command line contains `text`: the servers themselves, not
 * the bubblewrap processes around a sandboxed one (whose command lines name the server too).
 */
export function childrenRunning(text: string): { pid: number; args: string }[] {
  return descendants().filter((row) => row.args.startsWith(process.execPath) && row.args.includes(text));
}

/** Every process below this one whose command line contains `text`, bubblewrap's included. */
export function anyRunning(text: string): { pid: number; args: string }[] {
  return descendants().filter((row) => row.args.includes(text) && !row.args.startsWith('ps '));
}

/** Waits until `check` holds, polling; throws after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs = 15_000, what = 'the condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
