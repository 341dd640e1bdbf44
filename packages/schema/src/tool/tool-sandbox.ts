// The cell's OS sandbox as a handler sees it: the one way a tool starts a child process. The runtime
// builds the sandbox from the cell's roots, Hardline's protected paths and the Zone; the handler only
// says what to run.

/** `on`: children run inside the OS sandbox. `off`: the cell opted out explicitly; audit events say so. */
export type SandboxMode = 'on' | 'off';

export interface ToolProcessRequest {
  /** The program and its arguments; the program is looked up on the `PATH` of `env`. */
  readonly argv: readonly [string, ...string[]];
  /** An existing folder inside the cell's roots. */
  readonly cwd: string;
  /** The whole environment of the program (nothing of the host's is added). */
  readonly env: Readonly<Record<string, string>>;
  /** Every piece of output, stdout and stderr, in the order it arrives, with the stream it came on. */
  readonly onOutput: (chunk: Uint8Array, stream: 'stdout' | 'stderr') => void;
}

export interface ToolProcessExit {
  /** The exit status, when the program exited. */
  readonly code: number | null;
  /** The signal that ended it, when one did. */
  readonly signal: string | null;
}

/** A program started in the sandbox. Everything it starts belongs to it and ends with it. */
export interface ToolProcess {
  readonly pid: number;
  /** Resolves when the program itself ended (what it left running is stopped by `stop`). */
  readonly exited: Promise<ToolProcessExit>;
  /**
   * Stops the program and every process it started, daemons included: SIGTERM, then SIGKILL after
   * `graceMs`; then stops reading its output and releases what the sandbox held for it. Resolves when
   * nothing of it is left. Call it once the program is no longer needed, even after it exited; safe
   * to call twice.
   */
  stop(graceMs: number): Promise<void>;
  /**
   * Once `stop` resolved: what the program made where it may not write (a git hook in a hooks folder
   * that did not exist yet, a file a Zone rule asks about), which the sandbox removed again. Real paths.
   */
  readonly removed: readonly string[];
}

export interface ToolSandbox {
  readonly mode: SandboxMode;
  /**
   * Starts a program. With the sandbox on it sees the system folders read-only, the cell's roots
   * (writable only for a call that may write), no denied or credential path, its own /proc and /tmp, no
   * network, and limits on processes, file size and CPU time. Rejects with a ToolError `unavailable`
   * that names what to install when the sandbox cannot start.
   */
  spawn(request: ToolProcessRequest): Promise<ToolProcess>;
}
