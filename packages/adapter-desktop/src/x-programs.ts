import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { sandboxedProgram } from '@wesgine/runtime';
import { ToolError } from '@wesgine/schema';
import type { DesktopSettings } from './desktop-settings.js';
import { writeSandboxCookie } from './sandbox-cookie.js';

/**
 * The X programs the tools run, at fixed paths: never looked up on PATH (a `convert` earlier on it need
 * not be ImageMagick's), always with a fixed argv and no shell.
 */
export const X_PROGRAMS = {
  xdotool: { path: '/usr/bin/xdotool', install: 'xdotool' },
  import: { path: '/usr/bin/import', install: 'imagemagick' },
} as const;

export type XProgram = keyof typeof X_PROGRAMS;

export interface XRequest {
  readonly program: XProgram;
  readonly args: readonly string[];
  /** The tool the run is for (named when the sandbox cannot start). */
  readonly tool: string;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

export interface XOutput {
  readonly stdout: Buffer;
  readonly stderr: string;
}

/** Why an X program failed: how it ended, and what it said on stderr. */
export class XProgramFailure extends Error {
  readonly program: XProgram;
  readonly stderr: string;
  /** What it printed before it failed (xdotool's search exits 1 when it finds nothing). */
  readonly stdout: Buffer;
  readonly code: number | null;

  constructor(program: XProgram, code: number | null, signal: string | null, output: XOutput) {
    super(`${program} ${code === null ? `was ended by ${signal}` : `exited with ${code}`}`);
    this.program = program;
    this.code = code;
    this.stderr = output.stderr;
    this.stdout = output.stdout;
  }
}

/** Screenshots of big screens are a few MB; more than this is no PNG of a screen. */
const MAX_STDOUT = 64 * 1024 * 1024;
const MAX_STDERR = 16 * 1024;

/**
 * Runs the X programs of one cell: inside the OS sandbox (system folders read-only, no network, a
 * throwaway /tmp and home) with only the display's socket (and its cookie file) brought in, or directly
 * when the cell's sandbox is off. `close()` kills what is still running.
 */
export class XPrograms {
  readonly #settings: DesktopSettings;
  readonly #sandboxed: boolean;
  readonly #running = new Set<ChildProcess>();
  /** The cookie file the programs get: the configured one, or the sandbox's copy of it. */
  #cookie: string | undefined;
  #closed = false;

  constructor(settings: DesktopSettings, sandboxed: boolean) {
    this.#settings = settings;
    this.#sandboxed = sandboxed;
    this.#cookie = settings.xauthority;
  }

  /**
   * Reads the configured cookie file again (the display is being looked at: a new login may have new
   * cookies) and, for the sandbox, writes its copy; a file that cannot be read is passed on as it is.
   */
  refreshCookie(): void {
    const { xauthority, number, sandboxCookie } = this.#settings;
    if (xauthority === undefined || !this.#sandboxed) return;
    try {
      this.#cookie = writeSandboxCookie(xauthority, number, sandboxCookie) ? sandboxCookie : xauthority;
    } catch {
      this.#cookie = xauthority;
    }
  }

  get sandboxed(): boolean {
    return this.#sandboxed;
  }

  /** The first missing program, with what to install, or undefined when all are there. */
  missing(): string | undefined {
    for (const [name, { path, install }] of Object.entries(X_PROGRAMS)) {
      if (!existsSync(path)) return `${name} is not installed at ${path}: install Debian's ${install} package`;
    }
    return undefined;
  }

  /**
   * Runs one program to its end. Rejects with `XProgramFailure` when it fails, a ToolError `timeout` or
   * `aborted` when it is stopped (killed, with everything it started), `unavailable` when it cannot start.
   */
  run(request: XRequest): Promise<XOutput> {
    if (this.#closed) return Promise.reject(new ToolError('unavailable', 'The desktop adapter is stopped.'));
    if (request.signal?.aborted) return Promise.reject(aborted(request.program));
    const { command, args } = this.#commandLine(request);
    const { display } = this.#settings;
    const env: Record<string, string> = { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', DISPLAY: display };
    if (this.#cookie !== undefined) env.XAUTHORITY = this.#cookie;
    return new Promise((resolvePromise, reject) => {
      const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: false });
      this.#running.add(child);
      const stdout: Buffer[] = [];
      let stdoutBytes = 0;
      let stderr = '';
      let stopped: ToolError | undefined;
      const stop = (why: ToolError) => {
        if (stopped !== undefined) return;
        stopped = why;
        child.kill('SIGKILL');
      };
      const timer = setTimeout(
        () =>
          stop(
            new ToolError(
              'timeout',
              `${request.program} did not finish within ${Math.round(request.timeoutMs / 100) / 10} s on the X display ${display}, so it was stopped; the display may be stuck, or the window may not take the focus.`,
            ),
          ),
        request.timeoutMs,
      );
      const onAbort = () => stop(aborted(request.program));
      request.signal?.addEventListener('abort', onAbort, { once: true });
      child.stdout.on('data', (chunk: Buffer) => {
        stdoutBytes += chunk.length;
        if (stdoutBytes > MAX_STDOUT) {
          stop(
            new ToolError('handler_failed', `${request.program} wrote more than ${MAX_STDOUT} bytes; it was stopped.`),
          );
          return;
        }
        stdout.push(chunk);
      });
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        if (stderr.length < MAX_STDERR) stderr += chunk.slice(0, MAX_STDERR - stderr.length);
      });
      const finish = () => {
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onAbort);
        this.#running.delete(child);
      };
      child.on('error', (error) => {
        finish();
        reject(
          stopped ??
            new ToolError('unavailable', `${request.program} could not be started (${error.message}).`, {
              cause: error,
            }),
        );
      });
      child.on('close', (code, signal) => {
        finish();
        if (stopped !== undefined) reject(stopped);
        else if (code === 0) resolvePromise({ stdout: Buffer.concat(stdout), stderr });
        else reject(new XProgramFailure(request.program, code, signal, { stdout: Buffer.concat(stdout), stderr }));
      });
    });
  }

  /** Kills every program still running; later runs are refused. */
  close(): void {
    this.#closed = true;
    for (const child of this.#running) child.kill('SIGKILL');
    this.#running.clear();
  }

  #commandLine(request: XRequest): { command: string; args: string[] } {
    const argv: [string, ...string[]] = [X_PROGRAMS[request.program].path, ...request.args];
    if (!this.#sandboxed) return { command: argv[0], args: argv.slice(1) };
    const cookie = this.#cookie;
    // Throws a ToolError `unavailable` saying how to fix it when bubblewrap cannot start here.
    return sandboxedProgram({
      tool: request.tool,
      argv,
      binds: [this.#settings.socketPath],
      ...(cookie === undefined ? {} : { readPaths: [cookie] }),
    });
  }
}

function aborted(program: XProgram): ToolError {
  return new ToolError('aborted', `The call was cancelled, and ${program} was stopped.`);
}
