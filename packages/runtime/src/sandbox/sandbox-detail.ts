import { spawnSync } from 'node:child_process';
import { probeBubblewrap } from './find-bubblewrap.js';

/** The version line of each bubblewrap program asked about, read once. */
const versions = new Map<string, string>();

/**
 * One sentence for a person on the cell's OS sandbox: what it runs with when it is on and can start
 * here (`bubblewrap 0.8.0 (/usr/bin/bwrap)`), why programs cannot start when it is on and cannot, or
 * that it was turned off. The first call may take a moment: it proves bubblewrap can start a sandbox.
 */
export function sandboxDetail(mode: 'on' | 'off'): string {
  if (mode === 'off') {
    return "turned off for this cell (sandbox: 'off'): its programs, exec's commands and the browser run with the host process's rights";
  }
  const probe = probeBubblewrap();
  if (!probe.ok) return `on, but it cannot start here, so no program can run: ${probe.reason}. ${probe.fix}`;
  return `${versionOf(probe.path)} (${probe.path})`;
}

function versionOf(program: string): string {
  let version = versions.get(program);
  if (version === undefined) {
    const asked = spawnSync(program, ['--version'], { encoding: 'utf8', timeout: 5_000 });
    const line = (asked.stdout ?? '').trim().split('\n')[0] ?? '';
    version = line === '' ? 'bubblewrap' : line;
    versions.set(program, version);
  }
  return version;
}
