// A bash that is already running inside a fresh pids cgroup, waiting on stdin for the command line it
// will become. Moving a process into a cgroup costs about 10 ms here (a cgroup v1 migration waits for
// the kernel to quiesce); a standby pays that before a program is asked for, off the path of the call.
// Its pipes become the program's: stdout, stderr and bubblewrap's info fd 3. It has no environment of
// its own (bubblewrap sets the program's), and it leaves with its parent: at end of input it exits.
import { type ChildProcess, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { createPidsGroup, type PidsGroup } from './pids-cgroup.js';

/** Join the group, read NUL-separated words, keep only stdio and fd 3, become them. */
const SCRIPT = `echo $$ > "$0" || exit 125
words=()
while IFS= read -r -d "" word; do words+=("$word"); done
[ "\${#words[@]}" -gt 0 ] || exit 0
exec < /dev/null
for f in /proc/$$/fd/*; do n=\${f##*/}; [ "$n" -gt 3 ] && eval "exec $n>&-" 2>/dev/null; done
exec "\${words[@]}"`;

export interface Waiting {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly group: PidsGroup;
}

export class Standby {
  readonly #processes: number;
  #next: (Waiting & { alive: boolean }) | undefined;
  #closed = false;

  constructor(processes: number) {
    this.#processes = processes;
  }

  /** The pid of the process waiting now, if one is. */
  get waiting(): number | undefined {
    return this.#next?.alive === true ? this.#next.pid : undefined;
  }

  /**
   * The waiting process, turned into `argv`; undefined when none is ready. The next one is prepared
   * by `prepare`, which the caller calls once the program is gone: a cgroup move stalls every fork on
   * the machine while it runs, so it must not overlap a program starting.
   */
  run(argv: readonly string[]): Waiting | undefined {
    const next = this.#next;
    this.#next = undefined;
    if (next === undefined || !next.alive) return undefined;
    const { child } = next;
    child.ref();
    for (const stream of [child.stdout, child.stderr, child.stdio[3]]) (stream as { ref?: () => void } | null)?.ref?.();
    (child.stdin as Writable).end(argv.map((word) => `${word}\0`).join(''));
    return next;
  }

  /** Starts a waiting process when there is none (and a pids cgroup can be made). */
  prepare(): void {
    if (this.#next !== undefined || this.#closed) return;
    const group = createPidsGroup(this.#processes);
    if (group === undefined) return;
    // No start-up file: bash reads ~/.bashrc when its stdin is a socket, as Node's pipes are.
    const child = spawn('bash', ['--norc', '--noprofile', '-c', SCRIPT, group.procsFile], {
      cwd: '/',
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const waiting = { child, pid: child.pid ?? 0, group, alive: child.pid !== undefined };
    child.on('error', () => {
      waiting.alive = false;
      group.remove();
    });
    child.once('exit', () => {
      waiting.alive = false;
      if (this.#next === waiting) this.#next = undefined;
    });
    // A waiting process keeps nothing of this one alive.
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr, child.stdio[3]] as (Readable | Writable)[]) {
      (stream as { unref?: () => void }).unref?.();
    }
    this.#next = waiting;
  }

  /** Ends the waiting process (the cell stops). */
  close(): void {
    this.#closed = true;
    const next = this.#next;
    this.#next = undefined;
    if (next !== undefined) {
      (next.child.stdin as Writable).end();
      next.child.once('exit', () => next.group.remove());
    }
  }
}
