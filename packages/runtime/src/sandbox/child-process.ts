// Starting one program and stopping it with everything it started. Two ways to find "everything": the
// PID namespace of a sandboxed program (nothing leaves it; killing its first process ends them all), or,
// with the sandbox off, the program's process group and session (a daemon that starts its own session
// escapes that, which is one reason the sandbox exists).
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readlinkSync } from 'node:fs';
import { constants } from 'node:os';
import type { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { ToolError, type ToolProcess, type ToolProcessExit, type ToolProcessRequest } from '@wesgine/schema';
import { stopProcessGroup } from './process-group.js';

/** How long the output pipes may stay open after everything was stopped, before they are cut off. */
const DRAIN_MS = 1_000;
const POLL_MS = 20;

export interface ChildLaunch {
  readonly command: string;
  readonly args: readonly string[];
  /** The program runs inside bubblewrap, which reports its namespace on fd 3. */
  readonly sandboxed: boolean;
  /** Called once everything of the program is gone; returns the paths it undid (`ToolProcess.removed`). */
  readonly onGone?: () => readonly string[] | undefined;
}

/** Starts the program; rejects with a ToolError when it cannot be started at all. */
export async function startChild(request: ToolProcessRequest, launch: ChildLaunch): Promise<ToolProcess> {
  const child = spawn(launch.command, launch.args, {
    cwd: launch.sandboxed ? '/' : request.cwd,
    // A sandboxed program gets its environment from bubblewrap's --setenv; bash needs a PATH to start.
    env: launch.sandboxed ? { PATH: process.env.PATH ?? '/usr/bin:/bin' } : request.env,
    stdio: launch.sandboxed ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const pid = await spawned(child, launch.command);
  return adoptChild(child, pid, request, launch);
}

/** Takes over a started child (one started here, or a standby that became the program). */
export function adoptChild(
  child: ChildProcess,
  pid: number,
  request: ToolProcessRequest,
  launch: Pick<ChildLaunch, 'sandboxed' | 'onGone'>,
): ToolProcess {
  // Signals go through process.kill; a later 'error' event has nothing left to report.
  child.on('error', () => {});
  const exited = new Promise<ToolProcessExit>((resolve) => {
    child.once('exit', (code, signal) => resolve(launch.sandboxed ? signalOf(code, signal) : { code, signal }));
  });
  const output = [child.stdout, child.stderr] as Readable[];
  output[0]?.on('data', (chunk: Buffer) => request.onOutput(chunk, 'stdout'));
  output[1]?.on('data', (chunk: Buffer) => request.onOutput(chunk, 'stderr'));
  const closed = Promise.all(output.map(closedPromise));
  const namespace = launch.sandboxed ? readNamespace(child.stdio[3] as Readable) : Promise.resolve(undefined);

  const removed: string[] = [];
  let stopping: Promise<void> | undefined;
  const stop = (graceMs: number): Promise<void> => {
    stopping ??= (async () => {
      const found = await Promise.race([namespace, delay(graceMs).then(() => undefined)]);
      if (launch.sandboxed) await stopNamespace(pid, found, exited, graceMs);
      else await stopProcessGroup(pid, graceMs);
      const drained = await Promise.race([closed.then(() => true), delay(DRAIN_MS).then(() => false)]);
      // A process outside the group (with the sandbox off) may still hold a pipe: stop reading it.
      if (!drained) for (const stream of output) stream.destroy();
      removed.push(...(launch.onGone?.() ?? []));
    })();
    return stopping;
  };
  return { pid, exited, stop, removed };
}

/**
 * bubblewrap exits with 128 + n when its program was ended by signal n (as a shell reports it): told
 * back as the signal, so that callers see the same as without the sandbox.
 */
function signalOf(code: number | null, signal: NodeJS.Signals | null): ToolProcessExit {
  if (code === null || code <= 128 || signal !== null) return { code, signal };
  const name = Object.entries(constants.signals).find(([, number]) => number === code - 128)?.[0];
  return name === undefined ? { code, signal } : { code: null, signal: name };
}

function spawned(child: ChildProcess, command: string): Promise<number> {
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(child.pid ?? 0));
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new ToolError('unavailable', `${command} was not found, so the program could not be started.`)
          : new ToolError('handler_failed', `The program could not be started: ${error.message}`, { cause: error }),
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

interface Namespace {
  /** Host pid of the namespace's first process: killing it ends every process inside. */
  readonly init: number;
  /** `pid:[inode]`, as /proc/<pid>/ns/pid reads for each process inside. */
  readonly link: string;
}

/** bubblewrap's report on its info fd: the first process and the PID namespace. */
function readNamespace(stream: Readable): Promise<Namespace | undefined> {
  return new Promise((resolve) => {
    let text = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      text += chunk;
    });
    stream.once('close', () => {
      try {
        const info = JSON.parse(text) as { 'child-pid'?: number; 'pid-namespace'?: number };
        const init = info['child-pid'];
        const inode = info['pid-namespace'];
        resolve(typeof init === 'number' && typeof inode === 'number' ? { init, link: `pid:[${inode}]` } : undefined);
      } catch {
        resolve(undefined);
      }
    });
    stream.once('error', () => resolve(undefined));
  });
}

function isMember(pid: number, link: string): boolean {
  try {
    return readlinkSync(`/proc/${pid}/ns/pid`) === link;
  } catch {
    return false; // gone, or not ours to see
  }
}

/** Host pids of the live processes in the namespace. */
function namespaceMembers(link: string): number[] {
  const members: number[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (Number.isInteger(pid) && pid > 0 && isMember(pid, link)) members.push(pid);
  }
  return members;
}

function send(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // gone already
  }
}

/**
 * SIGTERM to every process of the namespace, then, after `graceMs` or at once when bubblewrap is gone,
 * SIGKILL to its first process (the kernel then kills all the others) and to bubblewrap.
 */
async function stopNamespace(
  bwrap: number,
  namespace: Namespace | undefined,
  exited: Promise<ToolProcessExit>,
  graceMs: number,
): Promise<void> {
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  await delay(0);
  if (namespace !== undefined && !ended) {
    const members = namespaceMembers(namespace.link);
    for (const pid of members) send(pid, 'SIGTERM');
    for (const pid of members) send(pid, 'SIGCONT');
    const deadline = Date.now() + graceMs;
    while (!ended && Date.now() < deadline && namespaceMembers(namespace.link).length > 0) await delay(POLL_MS);
  }
  // Only while it is still the namespace's first process: once bubblewrap reaped it, the pid may be reused.
  if (namespace !== undefined && isMember(namespace.init, namespace.link)) send(namespace.init, 'SIGKILL');
  if (!ended) send(bwrap, 'SIGKILL');
  await Promise.race([exited, delay(graceMs)]);
}
