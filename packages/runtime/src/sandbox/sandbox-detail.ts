import { execFile } from 'node:child_process';
import { probeBubblewrapAsync } from './find-bubblewrap.js';

/** The version line of each bubblewrap program asked about, asked once (the asking shared while under way). */
const versions = new Map<string, Promise<string>>();

/**
 * One sentence for a person on the cell's OS sandbox: what it runs with when it is on and can start
 * here (`bubblewrap 0.8.0 (/usr/bin/bwrap)`), why programs cannot start when it is on and cannot, or
 * that it was turned off. The first call may take a moment: it proves bubblewrap can start a sandbox.
 * Asked on a request path, so nothing here blocks the event loop while bubblewrap runs.
 */
export async function sandboxDetail(mode: 'on' | 'off'): Promise<string> {
  if (mode === 'off') {
    return "turned off for this cell (sandbox: 'off'): its programs, exec's commands and the browser run with the host process's rights";
  }
  const probe = await probeBubblewrapAsync();
  if (!probe.ok) return `on, but it cannot start here, so no program can run: ${probe.reason}. ${probe.fix}`;
  return `${await versionOf(probe.path)} (${probe.path})`;
}

function versionOf(program: string): Promise<string> {
  let version = versions.get(program);
  if (version === undefined) {
    version = new Promise<string>((resolve) => {
      const child = execFile(program, ['--version'], { encoding: 'utf8', timeout: 5_000 }, (_error, stdout) => {
        const line = (stdout ?? '').trim().split('\n')[0] ?? '';
        resolve(line === '' ? 'bubblewrap' : line);
      });
      child.stdin?.end();
    });
    versions.set(program, version);
  }
  return version;
}
