// A long-lived program in a sandbox of its own, started by someone else (Playwright starts Chromium):
// the command line to run, with the system folders read-only, none of the cell's roots, a throwaway home
// and /tmp, and no network but what `binds` lets through (a socket the host answers on).
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import { ToolError } from '@wesgine/schema';
import { bubblewrapArguments } from './bubblewrap-arguments.js';
import { probeBubblewrap } from './find-bubblewrap.js';
import { withOnlyDescriptors } from './inherited-descriptors.js';
import { behindBridge, proxyBridgeFile } from './network/proxy-bridge.js';
import { DEFAULT_SANDBOX_LIMITS } from './sandbox-settings.js';
import { hiddenSystemPaths, systemMounts } from './system-folders.js';

/** A day of CPU time: a long-lived program's limit is its lifetime's, not one command's. */
export const LONG_LIVED_CPU_SECONDS = 24 * 3600;

export interface SandboxedProgramOptions {
  /** Who asks, for the message when the sandbox cannot start (`browser_navigate`). */
  readonly tool: string;
  readonly argv: readonly [string, ...string[]];
  /** Host paths bound writable at the same place inside. */
  readonly binds?: readonly string[];
  /** More folders the program may read. */
  readonly readPaths?: readonly string[];
  /**
   * A Unix socket on the host that answers as an HTTP proxy (a proxy dispatcher, a guard proxy): the
   * program's only way out, at `INSIDE_PROXY` inside. Without one it has no network at all.
   */
  readonly proxySocket?: string;
  /** How many descriptors the program inherits (Playwright hands Chromium 0 to 4); 3 unless set. */
  readonly descriptors?: number;
}

/** The command and arguments to start; throws a ToolError `unavailable` when the sandbox cannot start here. */
export function sandboxedProgram(options: SandboxedProgramOptions): { command: string; args: string[] } {
  const probe = probeBubblewrap();
  if (!probe.ok) throw new ToolError('unavailable', unavailableMessage(options.tool, probe));
  const socket = options.proxySocket;
  const bridge = socket === undefined ? [] : [dirname(proxyBridgeFile()), dirname(process.execPath)];
  const args = bubblewrapArguments({
    view: { roots: [], pinned: [], readOnly: [], hidden: [] },
    system: systemMounts(),
    hiddenSystem: hiddenSystemPaths(),
    readPaths: [...(options.readPaths ?? []), ...bridge],
    home: homedir(),
    cwd: '/',
    // A long-lived program: the CPU limit is its lifetime's, not one command's.
    limits: { ...DEFAULT_SANDBOX_LIMITS, cpuSeconds: LONG_LIVED_CPU_SECONDS },
    binds: [...(options.binds ?? []), ...(socket === undefined ? [] : [socket])],
    argv: socket === undefined ? options.argv : behindBridge(options.argv, socket, options.descriptors ?? 3),
  });
  const [command, ...wrapped] = withOnlyDescriptors((options.descriptors ?? 3) - 1, [probe.path, ...args]);
  return { command: command as string, args: wrapped };
}

/** What a tool answers when it needs the sandbox and the sandbox cannot start. */
export function unavailableMessage(tool: string, probe: { readonly reason: string; readonly fix: string }): string {
  return `${tool} runs programs only inside the OS sandbox, and it cannot start here: ${probe.reason}. ${probe.fix}, or create the cell with sandbox: 'off' to run programs without it.`;
}
