// The exec tool stops everything a command started: on timeout, when the call is cancelled, and the
// background jobs still running when the command itself ends, daemons that left the session included.
// Each process carries a marker in its name (`exec -a`), and liveness is read from the host's process
// list, where a killed process nobody reaped yet (a zombie) counts as gone.
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { execCell, livingWith, stable } from './exec.test.fixture.js';

const cell = execCell();
afterAll(() => cell.remove());

/** Waits (up to 4 s) until `count` processes carry the marker; returns how many do. */
async function started(marker: string, count: number): Promise<number> {
  for (let tries = 0; tries < 200 && livingWith(marker).length < count; tries++) await delay(20);
  return livingWith(marker).length;
}

/** Waits (up to 2 s) until no process carries the marker; returns how many still do. */
async function gone(marker: string): Promise<number> {
  for (let tries = 0; tries < 100 && livingWith(marker).length > 0; tries++) await delay(20);
  return livingWith(marker).length;
}

/**
 * A child in the background, a grandchild started by a child shell, a job in a process group of its
 * own (`set -m`), a process in a session of its own (`setsid`) and a double-forked daemon, each named
 * with the marker; then `echo started`.
 */
function spawnTree(): { command: string; marker: string; count: number } {
  const marker = `wesgine-test-${randomUUID().slice(0, 8)}`;
  const command = [
    `(exec -a ${marker}-child sleep 1000) &`,
    `bash -c '(exec -a ${marker}-grandchild sleep 1000) & wait' &`,
    `bash -c 'set -m; (exec -a ${marker}-own-group sleep 1000) & wait' &`,
    `setsid bash -c 'exec -a ${marker}-session sleep 1000' &`,
    `setsid -f bash -c '(exec -a ${marker}-daemon sleep 1000) &'`,
    'echo started',
  ].join('\n');
  return { command, marker, count: 5 };
}

describe('exec processes', () => {
  it('on timeout stops every process the command started, exit code 124, and keeps the output so far', async () => {
    const tree = spawnTree();
    const begun = performance.now();
    const result = await cell.exec({ command: `${tree.command}\nwait`, timeout_ms: 1_500 });
    const elapsed = performance.now() - begun;
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
    expect(await gone(tree.marker)).toBe(0);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('kills a process that ignores SIGTERM with SIGKILL after the grace period', async () => {
    const marker = `wesgine-test-${randomUUID().slice(0, 8)}`;
    const result = await cell.exec({
      command: `bash -c 'trap "" TERM; (exec -a ${marker} sleep 1000) & wait' & wait`,
      timeout_ms: 500,
    });
    expect(result.text).toMatch(/^Exit code: 124\n/);
    expect(await gone(marker)).toBe(0);
  });

  it('stops the background jobs and daemons left behind when the command itself ends', async () => {
    const tree = spawnTree();
    const begun = performance.now();
    const result = await cell.exec({
      command: `${tree.command}\nfor i in $(seq 100); do [ "$(pgrep -c -f ${tree.marker})" -ge ${tree.count} ] && break; sleep 0.02; done`,
      timeout_ms: 60_000,
    });
    expect(stable(result.text, cell.data)).toBe('Exit code: 0\nWall time: <s> seconds\nOutput:\nstarted\n');
    expect(await gone(tree.marker)).toBe(0);
    expect(performance.now() - begun).toBeLessThan(5_000);
  });

  it('also when they no longer hold the output pipe', async () => {
    const marker = `wesgine-test-${randomUUID().slice(0, 8)}`;
    const result = await cell.exec({
      command: `nohup bash -c 'exec -a ${marker} sleep 1000' > /dev/null 2>&1 & sleep 0.2`,
    });
    expect(result.text).toMatch(/^Exit code: 0\n/);
    expect(await gone(marker)).toBe(0);
  });

  it('stops the command and everything it started when the call is cancelled', async () => {
    const controller = new AbortController();
    const tree = spawnTree();
    const pending = cell.exec({ command: `${tree.command}\nwait`, timeout_ms: 60_000 }, controller.signal);
    expect(await started(tree.marker, tree.count)).toBe(tree.count);
    controller.abort();
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(result.code).toBe('aborted');
    // The runtime answers at once; the handler finishes stopping the processes right after.
    expect(await gone(tree.marker)).toBe(0);
  });

  it('stops what a command left running when the cell stops', async () => {
    const own = execCell();
    try {
      const tree = spawnTree();
      const pending = own.exec({ command: `${tree.command}\nwait`, timeout_ms: 60_000 });
      expect(await started(tree.marker, tree.count)).toBe(tree.count);
      await own.stop();
      const result = await pending;
      expect(result.isError).toBe(true);
      expect(await gone(tree.marker)).toBe(0);
    } finally {
      own.remove();
    }
  });
});
