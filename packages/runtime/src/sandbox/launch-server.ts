// A long-lived child of a cell (an MCP stdio server, a plugin): the command line to start it with,
// inside the cell's OS sandbox unless the cell's sandbox is off or the source asked for none. The
// sandbox is exec's: the cell's roots writable, denyPaths, Hardline's closed paths and the paths a Zone
// rule denies the source covered, Hardline's write-protected paths and Zone paths that would ask
// read-only, a throwaway home and /tmp, the system folders and the program's own install folder
// read-only, no network unless a Zone `domains` rule allows the source a host, long-lived limits, and
// a PID namespace that dies with its first process. The caller spawns the command line as it is (the
// MCP SDK's stdio transport does), so stdin and stdout are the server's own.
import { readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { ToolError } from '@wesgine/schema';
import { isInside } from '../governance/real-path.js';
import { prepareRoots } from '../governance/sandbox-path.js';
import type { UrlOptions } from '../governance/url/judge-url.js';
import { checkUrl } from '../pipeline/check-url.js';
import type { Zone } from '../zone/zone.js';
import { probeBubblewrap } from './find-bubblewrap.js';
import { FolderMemo } from './folder-memo.js';
import { withOnlyDescriptors } from './inherited-descriptors.js';
import { type ProgramNetwork, startProgramNetwork } from './network/program-network.js';
import { pathTreatment } from './path-treatment.js';
import { createPidsGroup, type PidsGroup } from './pids-cgroup.js';
import { hiddenPaths, programArguments } from './program-arguments.js';
import { ProgramFolderError, programFolders } from './program-folders.js';
import { protectedCreations, removeCreations } from './protected-creations.js';
import { type ResolvedSandbox, resolveSandbox, type SandboxSpec } from './sandbox-settings.js';
import { SandboxViewError, sandboxView } from './sandbox-view.js';
import { LONG_LIVED_CPU_SECONDS } from './sandboxed-program.js';
import { extraProgramFolders } from './system-folders.js';

/** What to start, as its config gave it. */
export interface ServerLaunchRequest {
  /** `mcp:<server>` or `plugin:<name>`: for messages, and the name zone network rules use. */
  readonly sourceId: string;
  readonly argv: readonly [string, ...string[]];
  /** Where it runs (relative to the cell's workDir); the workDir when absent. */
  readonly cwd?: string;
  /** Added to a minimal environment (PATH, HOME, LANG). */
  readonly env?: Readonly<Record<string, string>>;
  /** `false`: run it with the host process's rights (recorded by the caller in list() and audit). */
  readonly sandbox?: boolean;
}

/** How to spawn it: hand these to `spawn` (or the MCP SDK's stdio transport) as they are. */
export interface LaunchedServer {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  /** Whether it runs inside the OS sandbox. */
  readonly sandboxed: boolean;
  /**
   * Frees what the launch set up; call it once the child is gone. Sandboxed, it also kills whatever of
   * the server is still alive (where a pids cgroup holds it), closes its network bridge and removes the
   * protected paths it created (a new git hook), as exec does once a program ends.
   */
  close(): Promise<void>;
}

/** The view of the cell a launch needs (a `Cell` is one). */
export interface LaunchCell {
  readonly spec: {
    readonly workDir: string;
    readonly allowPaths?: readonly string[];
    readonly denyPaths?: readonly string[];
    /** How URLs the server's proxy sees are resolved, and which hosts skip the private-address rule. */
    readonly network?: UrlOptions;
    /** Read when `sandbox` below is absent. */
    readonly sandbox?: SandboxSpec;
  };
  /** The cell's Zone: its path rules for the source shape the view, its `domains` rules the network. */
  readonly zone?: Zone | undefined;
  /** The cell's resolved OS sandbox settings (mode, limits, readPaths). */
  readonly sandbox?: { readonly settings: ResolvedSandbox };
}

/**
 * The command line that starts the server. Throws a ToolError: `invalid_arguments` for a request that
 * is not well formed, `unavailable` when the sandbox cannot start it here (no bubblewrap, its folder or
 * program cannot be shown); never falls back to running it unsandboxed.
 */
export async function launchServer(cell: LaunchCell, request: ServerLaunchRequest): Promise<LaunchedServer> {
  checkRequest(request);
  const settings = cell.sandbox?.settings ?? resolveSandbox(cell.spec.sandbox, cell.spec.workDir);
  const cwd = resolve(cell.spec.workDir, request.cwd ?? '.');
  if (request.sandbox === false || settings.mode === 'off') {
    const [command, ...args] = request.argv;
    return { command, args, env: baseEnvironment(request, homedir()), cwd, sandboxed: false, close: async () => {} };
  }
  return launchSandboxed(cell, settings, request, cwd);
}

async function launchSandboxed(
  cell: LaunchCell,
  settings: ResolvedSandbox,
  request: ServerLaunchRequest,
  cwd: string,
): Promise<LaunchedServer> {
  const id = request.sourceId;
  const refuse = (why: string) => new ToolError('unavailable', `${id} cannot start in the OS sandbox: ${why}.`);
  const probe = probeBubblewrap();
  if (!probe.ok) {
    throw new ToolError(
      'unavailable',
      `${id} runs its server only inside the OS sandbox, and it cannot start here: ${probe.reason}. ${probe.fix}, or set sandbox: false on it to run it with the host's rights.`,
    );
  }
  const home = homedir();
  const env = baseEnvironment(request, home);
  let realCwd: string;
  try {
    realCwd = realpathSync(cwd);
  } catch {
    throw refuse(`the folder to run it in, ${cwd}, does not exist`);
  }
  const { spec, zone } = cell;
  const workDir = spec.workDir;
  const roots = prepareRoots({ workDir, allowPaths: spec.allowPaths ?? [], denyPaths: spec.denyPaths ?? [] });
  const memo = new FolderMemo(pathTreatment(zone, id, workDir));
  let view: ReturnType<typeof sandboxView>;
  try {
    view = sandboxView(roots, true, memo);
  } catch (error) {
    if (error instanceof SandboxViewError) throw refuse(error.message);
    throw error;
  }
  const otherPaths = [...extraProgramFolders(env.PATH, home), ...settings.readPaths];
  let program: ReturnType<typeof programFolders>;
  try {
    const rootPaths = view.roots.map((root) => root.path);
    program = programFolders(request.argv, env.PATH ?? '', realCwd, home, rootPaths, otherPaths);
  } catch (error) {
    if (error instanceof ProgramFolderError) throw refuse(error.message);
    throw error;
  }
  const readPaths = [...program.folders, ...otherPaths];
  // What the system folders and read paths hold that the cell hides: credential folders, denied paths.
  const hidden = hiddenPaths(view, roots.denied, readPaths, home);
  const shown = [...view.roots.map((root) => root.path), ...readPaths];
  if (!shown.some((path) => isInside(realCwd, path)) || hidden.some((cover) => isInside(realCwd, cover.path))) {
    throw refuse(
      `the folder to run it in, ${realCwd}, is not inside the cell's roots or the program's folders, so the sandbox does not show it; set cwd inside the roots, or list the folder in sandbox.readPaths`,
    );
  }
  let network: ProgramNetwork | undefined;
  if (zone?.allowsHosts(id) === true) {
    const scope = { network: spec.network ?? {}, zone, roots: { workDir } };
    // Whatever the server does counts as an action: a host no rule allows would ask, and nobody can be asked.
    network = await startProgramNetwork((url) => checkUrl(scope, id, 'action', url));
  }
  const argv = [program.program, ...request.argv.slice(1)];
  const args = programArguments({
    view,
    hidden,
    readPaths,
    home,
    cwd: realCwd,
    limits: { ...settings.limits, cpuSeconds: LONG_LIVED_CPU_SECONDS },
    env,
    argv,
    network,
  });
  const group = createPidsGroup(settings.limits.processes);
  // Only stdin, stdout and stderr go in; with a pids cgroup, the shell joins it before anything runs.
  const [command, ...wrapped] = withOnlyDescriptors(
    2,
    [probe.path, ...args],
    group === undefined ? {} : { first: 'echo $$ > "$0"', zero: group.procsFile },
  );
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      if (group !== undefined) killMembers(group);
      group?.remove();
      await network?.close();
      try {
        removeCreations(protectedCreations(view, sandboxView(roots, true, memo)));
      } catch {
        // the roots grew past what can be walked: nothing to compare with
      }
    })();
    return closing;
  };
  return {
    command: command as string,
    args: wrapped,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    cwd: '/',
    sandboxed: true,
    close,
  };
}

/** The server's environment: PATH, HOME and LANG of the host (HOME is empty inside), then its own. */
function baseEnvironment(request: ServerLaunchRequest, home: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    LANG: process.env.LANG ?? 'C.UTF-8',
    ...(request.env ?? {}),
  };
}

/** Every process still in the server's group (the server is gone: these are what it left). */
function killMembers(group: PidsGroup): void {
  let pids: string[];
  try {
    pids = readFileSync(group.procsFile, 'utf8').split('\n');
  } catch {
    return;
  }
  for (const pid of pids) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // gone already
    }
  }
}

/** Refuses a request that is not well formed, naming what is wrong. */
function checkRequest(request: ServerLaunchRequest): void {
  const id = typeof request?.sourceId === 'string' && request.sourceId !== '' ? request.sourceId : undefined;
  const problems: string[] = [];
  if (id === undefined) problems.push('sourceId must be a non-empty string');
  const { argv, env, cwd } = request ?? {};
  if (!Array.isArray(argv) || argv.length === 0 || typeof argv[0] !== 'string' || argv[0] === '') {
    problems.push('argv must be a list of strings whose first is the program');
  } else if (argv.some((word) => typeof word !== 'string' || word.includes('\0'))) {
    problems.push('every word of argv must be a string without NUL characters');
  }
  if (env !== undefined) {
    if (typeof env !== 'object' || env === null || Array.isArray(env))
      problems.push('env must be an object of strings');
    else {
      for (const [name, value] of Object.entries(env)) {
        if (name === '' || /[=\0]/.test(name)) problems.push(`env holds the name ${JSON.stringify(name)}`);
        else if (typeof value !== 'string' || value.includes('\0')) {
          problems.push(`env.${name} must be a string without NUL characters`);
        }
      }
    }
  }
  if (cwd !== undefined && (typeof cwd !== 'string' || cwd === '' || cwd.includes('\0'))) {
    problems.push('cwd must be a non-empty path');
  }
  if (problems.length > 0) {
    throw new ToolError('invalid_arguments', `${id ?? 'The server'} cannot start: ${problems.join('; ')}.`);
  }
}
