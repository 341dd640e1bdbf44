// The exec tool stops everything a command started: on timeout, when the call is cancelled, and the
// background jobs still running when the command itself ends. Liveness is read from /proc, where a
// killed process that nobody reaped yet (a zombie) counts as gone.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { execCell, stable } from './exec.test.fixture.js';
import { isRunning } from './process-group.js';

const cell = execCell();
afterAll(() => cell.remove());

/** The pids written to the files, waiting (up to 2 s each) until each holds a whole line. */
async function pidsIn(...names: string[]): Promise<number[]> {
  const pids: number[] = [];
  for (const name of names) {
    const path = join(cell.work, name);
    const written = () => existsSync(path) && /^\d+\n$/.test(readFileSync(path, 'utf8'));
    for (let tries = 0; tries < 100 && !written(); tries++) await delay(20);
    pids.push(Number(readFileSync(path, 'utf8')));
  }
  return pids;
}

/**
 * A child in the background, a grandchild started by a child shell (no setsid), and a job that moved to
 * a process group of its own (`set -m`), each writing its pid; then the command waits.
 */
function spawnTree(prefix: string): { command: string; files: string[] } {
  const files = ['child', 'grandchild', 'own-group'].map((name) => `${prefix}-${name}.pid`);
  const command = [
    `sleep 1000 & echo $! > ${files[0]}`,
    `bash -c 'sleep 1000 & echo $! > ${files[1]}; wait' &`,
    `bash -c 'set -m; sleep 1000 & echo $! > ${files[2]}; wait' &`,
    'echo started',
  ].join('\n');
  return { command, files };
}

describe('exec processes', () => {
  it('on timeout kills the whole process group, exit code 124, and keeps the output so far', async () => {
    const tree = spawnTree('timeout');
    const started = performance.now();
    const result = await cell.exec({ command: `${tree.command}\nwait`, timeout_ms: 1_500 });
    const elapsed = performance.now() - started;
    expect(stable(result.text, cell.data)).toBe(
      [
        'Exit code: 124',
        'Wall time: <s> seconds',
        'The command timed out after 1500 ms and was stopped, with every process it started. Give a larger timeout_ms (at most 600000) if it needs longer, or run less at once.',
        'Output:',
        'started',
        '',
      ].join('\n'),
    );
    expect(result.data).toMatchObject({ exitCode: 124, timedOut: true });
    const pids = await pidsIn(...tree.files);
    expect(pids.every((pid) => pid > 0)).toBe(true);
    expect(pids.filter(isRunning)).toEqual([]);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('kills a process that ignores SIGTERM with SIGKILL after the grace period', async () => {
    const result = await cell.exec({
      command: 'bash -c \'trap "" TERM; echo $$ > stubborn.pid; while :; do sleep 0.05; done\' & wait',
      timeout_ms: 500,
    });
    expect(result.text).toMatch(/^Exit code: 124\n/);
    const [pid = 0] = await pidsIn('stubborn.pid');
    expect(isRunning(pid)).toBe(false);
  });

  it('kills the background jobs left behind when the command itself ends', async () => {
    const tree = spawnTree('ended');
    const started = performance.now();
    const result = await cell.exec({ command: `${tree.command}\nsleep 0.2`, timeout_ms: 60_000 });
    expect(stable(result.text, cell.data)).toBe('Exit code: 0\nWall time: <s> seconds\nOutput:\nstarted\n');
    const pids = await pidsIn(...tree.files);
    expect(pids.filter(isRunning)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('also when they no longer hold the output pipe', async () => {
    const result = await cell.exec({ command: 'nohup sleep 1000 > /dev/null 2>&1 & echo $! > quiet.pid' });
    expect(result.text).toMatch(/^Exit code: 0\n/);
    const [pid = 0] = await pidsIn('quiet.pid');
    expect(isRunning(pid)).toBe(false);
  });

  it('stops the command and everything it started when the call is cancelled', async () => {
    const controller = new AbortController();
    const tree = spawnTree('cancelled');
    const pending = cell.exec({ command: `${tree.command}\nwait`, timeout_ms: 60_000 }, controller.signal);
    const pids = await pidsIn(...tree.files);
    expect(pids.filter(isRunning)).toHaveLength(3);
    controller.abort();
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(result.code).toBe('aborted');
    // The runtime answers at once; the handler finishes stopping the processes right after.
    for (let tries = 0; tries < 100 && pids.some(isRunning); tries++) await delay(20);
    expect(pids.filter(isRunning)).toEqual([]);
  });
});
