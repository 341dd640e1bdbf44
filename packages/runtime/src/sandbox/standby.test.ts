import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { pidsParent } from './pids-cgroup.js';
import { Standby } from './standby.js';

/** Everything a child writes on stdout, and how it exited. */
function finished(
  child: NonNullable<ReturnType<Standby['run']>>['child'],
): Promise<{ out: string; code: number | null }> {
  let out = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    out += chunk;
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ out, code })));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Standbys need a writable pids cgroup (this machine and CI have cgroup v1's); without one there is none.
const cgroups = pidsParent() !== null;

describe('Standby', () => {
  it('has none before one is prepared, and one waiting process becomes the command given', async () => {
    const standby = new Standby(50);
    expect(standby.run(['/bin/echo', 'early'])).toBeUndefined();
    standby.prepare();
    const waiting = standby.run([
      '/bin/sh',
      '-c',
      'echo "$1 $(cat /proc/self/cgroup | grep -c pids:/wesgine)"',
      'sh',
      'in',
    ]);
    expect(waiting !== undefined).toBe(cgroups);
    if (waiting === undefined) return;
    expect(await finished(waiting.child)).toEqual({ out: 'in 1\n', code: 0 });
    // Taken: the next one comes only with the next prepare.
    expect(standby.run(['/bin/true'])).toBeUndefined();
    waiting.group.remove();
  });

  it('a waiting process that died is not used, and close ends the one waiting', async () => {
    const standby = new Standby(50);
    standby.prepare();
    const victim = standby.waiting;
    if (victim === undefined) return expect(cgroups).toBe(false);
    process.kill(victim, 'SIGKILL');
    for (let tries = 0; tries < 50 && standby.waiting !== undefined; tries++) await delay(20);
    expect(standby.run(['/bin/true'])).toBeUndefined();
    standby.prepare();
    const next = standby.waiting ?? 0;
    expect(alive(next)).toBe(true);
    standby.close();
    for (let tries = 0; tries < 50 && alive(next); tries++) await delay(20);
    expect(alive(next)).toBe(false);
    expect(standby.run(['/bin/true'])).toBeUndefined();
  });
});
