// Stopping everything a program started when the sandbox is off. The program runs as the leader of its
// own session and process group (spawned detached), so its children share the group; children that moved
// to a group of their own (`set -m`, job control) still share the session, which Linux shows in /proc.
// A process that starts a new session (`setsid`, a daemon) leaves both: only the sandbox's PID namespace
// holds that one.
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';

const HAS_PROC = process.platform === 'linux';
const POLL_MS = 20;

interface ProcessState {
  readonly pid: number;
  readonly state: string;
  readonly group: number;
  readonly session: number;
}

/** One process's state, group and session from /proc/<pid>/stat; undefined when it is gone. */
function processState(pid: number): ProcessState | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return undefined;
  }
  // "pid (name) state ppid pgrp session ...": the name may hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { pid, state: fields[0] ?? '', group: Number(fields[2]), session: Number(fields[3]) };
}

/** The live processes of the leader's group or session (Linux); undefined where /proc is not there. */
function members(leader: number): number[] | undefined {
  if (!HAS_PROC) return undefined;
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    const state = processState(pid);
    if (state === undefined || state.state === 'Z' || state.state === 'X') continue;
    if (state.group === leader || state.session === leader) found.push(pid);
  }
  return found;
}

function send(target: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(target, signal);
    return true;
  } catch {
    return false;
  }
}

/** Signals the group and every live member of the session; whether any process was there to signal. */
function signalAll(leader: number, signal: NodeJS.Signals): boolean {
  const live = members(leader);
  if (live === undefined) return send(-leader, signal);
  if (live.length === 0) return false;
  send(-leader, signal);
  for (const pid of live) send(pid, signal);
  return true;
}

function anyLeft(leader: number): boolean {
  const live = members(leader);
  return live === undefined ? send(-leader, 0) : live.length > 0;
}

async function waitGone(leader: number, milliseconds: number): Promise<boolean> {
  const deadline = Date.now() + milliseconds;
  while (Date.now() < deadline) {
    await delay(POLL_MS);
    if (!anyLeft(leader)) return true;
  }
  return false;
}

/**
 * Stops every process of the leader's group and session: SIGTERM, then SIGKILL for those still there
 * after `grace` ms. Returns at once when none is left; resolves when all are gone or, after SIGKILL,
 * one more grace period passed (a process stuck in the kernel).
 */
export async function stopProcessGroup(leader: number, grace: number): Promise<void> {
  if (!signalAll(leader, 'SIGTERM')) return;
  // A stopped process only acts on SIGTERM once it runs again.
  signalAll(leader, 'SIGCONT');
  if (await waitGone(leader, grace)) return;
  signalAll(leader, 'SIGKILL');
  await waitGone(leader, grace);
}
