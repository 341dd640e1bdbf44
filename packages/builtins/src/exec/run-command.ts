// Runs one command line under bash in its own session and process group, with stdin closed and no
// terminal, until it ends, times out or the call is cancelled; then stops whatever it left running.
import { type ChildProcess, spawn } from 'node:child_process';
import { constants } from 'node:os';
import type { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { ToolError } from '@wesgine/schema';
import { DRAIN_MS, KILL_GRACE_MS } from './exec-limits.js';
import { stopProcessGroup } from './process-group.js';

/** The exit code of a command stopped at its timeout (as `timeout(1)` reports it). */
export const TIMEOUT_EXIT_CODE = 124;

export interface RunCommandOptions {
  readonly command: string;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
  /** Each piece of output, stdout and stderr together, in the order it arrives. */
  readonly onOutput: (chunk: Buffer) => void;
}

export interface CommandOutcome {
  /** The exit status; 128 + the signal's number when a signal ended it; 124 on timeout. */
  readonly exitCode: number;
  /** The signal that ended the command, when one did. */
  readonly signal?: NodeJS.Signals;
  readonly timedOut: boolean;
  /** The call was cancelled: the command was stopped. */
  readonly aborted: boolean;
  /** From the start to the end of the command's first process. */
  readonly wallMs: number;
  readonly pid: number;
}

/**
 * bash is started as `bash -c 'exec bash -c "$1" 2>&1' bash <command>`: the first bash only points
 * stderr at the stdout pipe and replaces itself (same pid, same group), so both streams reach us through
 * one pipe in the exact order they were written.
 */
const JOIN_STREAMS = 'exec bash -c "$1" 2>&1';

export async function runCommand(options: RunCommandOptions): Promise<CommandOutcome> {
  const started = performance.now();
  const child = spawn('bash', ['-c', JOIN_STREAMS, 'bash', options.command], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const pid = await spawned(child);
  // Signals go through process.kill; a later 'error' event has nothing left to report.
  child.on('error', () => {});
  let endedAt = 0;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      endedAt = performance.now();
      resolve({ code, signal });
    });
  });
  const { stdout, stderr } = child as ChildProcess & { stdout: Readable; stderr: Readable };
  stdout.on('data', options.onOutput);
  stderr.on('data', options.onOutput);
  const closed = Promise.all([closedPromise(stdout), closedPromise(stderr)]);

  let reason: 'timeout' | 'abort' | undefined;
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const interrupted = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      reason ??= 'timeout';
      resolve();
    }, options.timeoutMs);
    onAbort = () => {
      reason ??= 'abort';
      resolve();
    };
    options.signal.addEventListener('abort', onAbort, { once: true });
    if (options.signal.aborted) onAbort();
  });
  try {
    await Promise.race([exited, interrupted]);
  } finally {
    clearTimeout(timer);
    if (onAbort !== undefined) options.signal.removeEventListener('abort', onAbort);
  }
  // Ended or not, whatever is left of the group (background jobs, orphans) is stopped now.
  await stopProcessGroup(pid);
  const exit = await Promise.race([exited, delay(KILL_GRACE_MS).then(() => undefined)]);
  if (await Promise.race([closed.then(() => true), delay(DRAIN_MS).then(() => false)])) {
    // Everything was read.
  } else {
    // A process outside the group (it started its own session) still holds the pipe: stop reading.
    stdout.destroy();
    stderr.destroy();
  }
  const wallMs = (endedAt || performance.now()) - started;
  const signal = exit?.signal ?? undefined;
  const base = { timedOut: reason === 'timeout', aborted: reason === 'abort', wallMs, pid };
  if (reason === 'timeout') return { ...base, exitCode: TIMEOUT_EXIT_CODE, ...(signal ? { signal } : {}) };
  if (signal) return { ...base, exitCode: 128 + (constants.signals[signal] ?? 0), signal };
  return { ...base, exitCode: exit?.code ?? 128 + constants.signals.SIGKILL };
}

function spawned(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(child.pid ?? 0));
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new ToolError('unavailable', 'bash was not found on PATH, so no command can be run here.')
          : new ToolError('handler_failed', `The command could not be started: ${error.message}`, { cause: error }),
      );
    });
  });
}

function closedPromise(stream: Readable): Promise<void> {
  return new Promise((resolve) => {
    if (stream.closed) resolve();
    else stream.once('close', () => resolve());
  });
}
