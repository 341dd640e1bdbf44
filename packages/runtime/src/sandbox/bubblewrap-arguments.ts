// The bubblewrap command line for one program: a fresh root with the system folders read-only, the
// roots as the view says, fresh /proc, /dev and /tmp, new user, PID, IPC, UTS and network namespaces,
// and the limits applied by prlimit before the program starts.
import type { ResolvedSandbox } from './sandbox-settings.js';
import type { SandboxView } from './sandbox-view.js';
import type { SystemMount } from './system-folders.js';

export interface BubblewrapPlan {
  readonly view: SandboxView;
  readonly system: readonly SystemMount[];
  /** System paths covered with nothing. */
  readonly hiddenSystem: readonly { readonly path: string; readonly folder: boolean }[];
  /** Read-only folders beyond the system ones (PATH folders, `sandbox.readPaths`). */
  readonly readPaths: readonly string[];
  /** The home folder: an empty, writable, throwaway folder inside (a root inside it is bound over it). */
  readonly home: string;
  /** The real path of the folder to start in. */
  readonly cwd: string;
  readonly limits: ResolvedSandbox['limits'];
  /** Host paths bound writable at the same place inside (a socket to talk through). */
  readonly binds?: readonly string[];
  /** The program's whole environment, when bubblewrap is to set it (nothing of its own passed on). */
  readonly env?: Readonly<Record<string, string>>;
  readonly argv: readonly string[];
}

/**
 * What covers a hidden file: the null device, which nothing inside can open (device files are unusable
 * on mounts made in a user namespace), so reading and writing it fail with "Permission denied".
 */
const EMPTY_FILE = '/dev/null';

export function bubblewrapArguments(plan: BubblewrapPlan): string[] {
  const args = [
    '--unshare-user',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup-try',
    '--unshare-net',
    '--die-with-parent',
    '--new-session',
    '--hostname',
    'sandbox',
  ];
  if (plan.env !== undefined) {
    args.push('--clearenv');
    for (const [name, value] of Object.entries(plan.env)) args.push('--setenv', name, value);
  }
  for (const mount of plan.system) {
    if (mount.kind === 'link') args.push('--symlink', mount.target, mount.path);
    else args.push('--ro-bind', mount.path, mount.path);
  }
  for (const hidden of plan.hiddenSystem) cover(args, hidden);
  args.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp', '--tmpfs', plan.home);
  for (const path of plan.readPaths) args.push('--ro-bind-try', path, path);
  for (const root of plan.view.roots) args.push(root.writable ? '--bind' : '--ro-bind', root.path, root.path);
  for (const path of plan.view.pinned) args.push('--bind', path, path);
  for (const path of plan.view.readOnly) args.push('--ro-bind', path, path);
  for (const hidden of plan.view.hidden) cover(args, hidden);
  for (const path of plan.binds ?? []) args.push('--bind', path, path);
  args.push('--remount-ro', '/', '--chdir', plan.cwd, '--setenv', 'TMPDIR', '/tmp', '--');
  const { limits } = plan;
  args.push(
    'prlimit',
    `--fsize=${limits.fileSizeBytes}`,
    `--cpu=${limits.cpuSeconds}`,
    `--nofile=${limits.openFiles}`,
    '--core=0',
    '--',
    ...plan.argv,
  );
  return args;
}

function cover(args: string[], hidden: { readonly path: string; readonly folder: boolean }): void {
  if (hidden.folder) args.push('--tmpfs', hidden.path, '--remount-ro', hidden.path);
  else args.push('--ro-bind', EMPTY_FILE, hidden.path);
}
