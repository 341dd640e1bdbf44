// The host folders every sandboxed program sees read-only, and the system files it never sees.
import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { delimiter, resolve } from 'node:path';
import { credentialFolders } from '../governance/hardline-paths.js';
import { isInside } from '../governance/real-path.js';

/** Programs, libraries and their configuration. `/home`, `/root`, `/var`, `/run`, `/srv`, `/mnt` are not. */
export const SYSTEM_FOLDERS: readonly string[] = [
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/etc',
  '/opt',
  '/nix/store',
];

/** Files under the system folders that hold secrets of the host: covered with an empty file or folder. */
export const HIDDEN_SYSTEM_PATHS: readonly string[] = [
  '/etc/shadow',
  '/etc/shadow-',
  '/etc/gshadow',
  '/etc/gshadow-',
  '/etc/sudoers',
  '/etc/sudoers.d',
  '/etc/ssh',
  '/etc/ssl/private',
  '/etc/security/opasswd',
  '/etc/wesgine',
];

export type SystemMount =
  | { readonly kind: 'folder'; readonly path: string }
  | { readonly kind: 'link'; readonly path: string; readonly target: string };

/** The system folders present on this host: a folder is bound, a link (merged /usr) is made again. */
export function systemMounts(): SystemMount[] {
  const mounts: SystemMount[] = [];
  for (const path of SYSTEM_FOLDERS) {
    const entry = lstatSync(path, { throwIfNoEntry: false });
    if (entry === undefined) continue;
    if (entry.isSymbolicLink()) mounts.push({ kind: 'link', path, target: readlinkSync(path) });
    else if (entry.isDirectory()) mounts.push({ kind: 'folder', path });
  }
  return mounts;
}

/** The secret system paths present on this host, and whether each is a folder. */
export function hiddenSystemPaths(): { readonly path: string; readonly folder: boolean }[] {
  const found: { path: string; folder: boolean }[] = [];
  for (const path of HIDDEN_SYSTEM_PATHS) {
    const entry = lstatSync(path, { throwIfNoEntry: false });
    if (entry !== undefined && !entry.isSymbolicLink()) found.push({ path, folder: entry.isDirectory() });
  }
  return found;
}

/**
 * Folders of `PATH` that lie outside the system folders and outside the home folder (a home folder
 * holds credentials; a toolchain there is opted in with `sandbox.readPaths`).
 */
export function extraProgramFolders(path: string | undefined, home: string): string[] {
  const folders: string[] = [];
  for (const entry of (path ?? '').split(delimiter)) {
    if (entry === '' || !entry.startsWith('/')) continue;
    const folder = resolve(entry);
    if (SYSTEM_FOLDERS.some((system) => isInside(folder, system))) continue;
    // A folder inside the home folder, or one holding it (`/home`), would show what the home folder holds.
    if (isInside(folder, home) || isInside(home, folder)) continue;
    if (!folders.includes(folder)) folders.push(folder);
  }
  return folders;
}

/** The credential folders of the home folder that lie in a read path (a toolchain there): to be covered. */
export function coveredCredentials(readPaths: readonly string[], home: string): { path: string; folder: true }[] {
  return credentialFolders(home)
    .filter((folder) => readPaths.some((path) => isInside(folder, path)) && existsSync(folder))
    .map((path) => ({ path, folder: true }));
}

/**
 * The denied paths (real forms) that lie in what the sandbox shows besides the roots (the system folders
 * and `readPaths`): to be covered like the denied paths inside the roots.
 */
export function coveredDenied(
  denied: readonly { readonly real: string }[],
  readPaths: readonly string[],
): { path: string; folder: boolean }[] {
  const shown = [...SYSTEM_FOLDERS, ...readPaths];
  return denied.flatMap(({ real }) => {
    const entry = lstatSync(real, { throwIfNoEntry: false });
    if (entry === undefined || entry.isSymbolicLink() || !shown.some((path) => isInside(real, path))) return [];
    return [{ path: real, folder: entry.isDirectory() }];
  });
}
