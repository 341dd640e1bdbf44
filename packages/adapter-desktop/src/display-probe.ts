import { lstatSync } from 'node:fs';
import { connect } from 'node:net';
import type { DesktopSettings } from './desktop-settings.js';
import type { XPrograms } from './x-programs.js';

/** What a look at the display found: its screen size, or why it does not answer. */
export type ProbeResult =
  | { readonly ok: true; readonly width: number; readonly height: number }
  | { readonly ok: false; readonly reason: string };

const PROBE_TIMEOUT_MS = 5_000;

/**
 * Asks the display for its screen size the way the tools will reach it (the same socket, cookie and
 * sandbox), so a display that answers here answers the tools. A missing socket is told without
 * starting anything.
 */
export async function probeDisplay(settings: DesktopSettings, programs: XPrograms): Promise<ProbeResult> {
  const missing = programs.missing();
  if (missing !== undefined) return { ok: false, reason: missing };
  const socket = socketProblem(settings.socketPath);
  if (socket !== undefined) return { ok: false, reason: socket };
  programs.refreshCookie();
  try {
    const { stdout } = await programs.run({
      program: 'xdotool',
      args: ['getdisplaygeometry'],
      tool: 'the desktop adapter',
      timeoutMs: PROBE_TIMEOUT_MS,
    });
    const size = /^(\d+) (\d+)\s*$/.exec(stdout.toString('utf8'));
    if (size === null)
      return {
        ok: false,
        reason: `xdotool gave no screen size (${JSON.stringify(stdout.toString('utf8').slice(0, 80))})`,
      };
    return { ok: true, width: Number(size[1]), height: Number(size[2]) };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
}

/** Whether the X server still accepts connections on its socket: no program started, no cookie needed. */
export function socketAnswers(socketPath: string, timeoutMs = 2_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    const done = (answers: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answers);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function socketProblem(socketPath: string): string | undefined {
  let entry: ReturnType<typeof lstatSync>;
  try {
    entry = lstatSync(socketPath, { throwIfNoEntry: false });
  } catch (error) {
    return `its socket ${socketPath} cannot be looked at (${(error as Error).message})`;
  }
  if (entry === undefined) return `there is no X server socket at ${socketPath}`;
  if (!entry.isSocket()) return `${socketPath} is not a socket`;
  return undefined;
}

function reasonOf(error: unknown): string {
  const stderr = (error as { stderr?: unknown }).stderr;
  if (typeof stderr === 'string') {
    const line = stderr
      .split('\n')
      .map((each) => each.trim())
      .find((each) => each !== '');
    if (line !== undefined) return line.length > 200 ? `${line.slice(0, 199)}…` : line;
  }
  return error instanceof Error ? error.message.replace(/\.$/, '') : String(error);
}
