// Runs one command line under bash inside the cell's OS sandbox, with stdin closed and no terminal,
// until it ends, times out or the call is cancelled; then stops whatever it left running.
import { constants } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import type { ToolSandbox } from '@wesgine/schema';
import { KILL_GRACE_MS } from './exec-limits.js';

/** The exit code of a command stopped at its timeout (as `timeout(1)` reports it). */
export const TIMEOUT_EXIT_CODE = 124;

export interface RunCommandOptions {
  readonly command: string;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
  readonly sandbox: ToolSandbox;
  /** Each piece of output, stdout and stderr together, in the order it arrives. */
  readonly onOutput: (chunk: Uint8Array) => void;
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
  /** What the command made where it may not write, which the sandbox removed again (real paths). */
  readonly removed: readonly string[];
}

/**
 * bash is started as `bash -c 'exec bash -c "$1" 2>&1' bash <command>`: the first bash only points
 * stderr at the stdout pipe and replaces itself, so both streams reach us through one pipe in the exact
 * order they were written.
 */
const JOIN_STREAMS = 'exec bash -c "$1" 2>&1';

export async function runCommand(options: RunCommandOptions): Promise<CommandOutcome> {
  const started = performance.now();
  const child = await options.sandbox.spawn({
    argv: ['bash', '-c', JOIN_STREAMS, 'bash', options.command],
    cwd: options.cwd,
    env: options.env,
    onOutput: options.onOutput,
  });
  let endedAt = 0;
  const exited = child.exited.then((exit) => {
    endedAt = performance.now();
    return exit;
  });

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
  // Ended or not, whatever is left of it (background jobs, daemons) is stopped now.
  await child.stop(KILL_GRACE_MS);
  const exit = await Promise.race([exited, delay(KILL_GRACE_MS).then(() => undefined)]);
  const wallMs = (endedAt || performance.now()) - started;
  const signal = (exit?.signal ?? undefined) as NodeJS.Signals | undefined;
  const base = {
    timedOut: reason === 'timeout',
    aborted: reason === 'abort',
    wallMs,
    pid: child.pid,
    removed: child.removed,
  };
  if (reason === 'timeout') return { ...base, exitCode: TIMEOUT_EXIT_CODE, ...(signal ? { signal } : {}) };
  if (signal) return { ...base, exitCode: 128 + (constants.signals[signal] ?? 0), signal };
  return { ...base, exitCode: exit?.code ?? 128 + constants.signals.SIGKILL };
}
