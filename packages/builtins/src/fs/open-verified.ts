// Opening a file so that what is read is the file governance judged, even while another process swaps
// names under us. Node has no openat2 (RESOLVE_NO_SYMLINKS), so a file is opened without following a
// link in its last component (O_NOFOLLOW), and the kernel is then asked what the descriptor really is:
// on Linux the text of /proc/self/fd/N is the real path of the open file, whatever links were crossed
// to reach it. A descriptor whose real path is not the judged one is closed unread.
import {
  closeSync,
  constants,
  type Dirent,
  fstatSync,
  open as openCallback,
  openSync,
  readdirSync,
  readlinkSync,
  type Stats,
  statSync,
} from 'node:fs';
import { promisify } from 'node:util';
import { ToolError } from '@wesgine/schema';
import { fileError } from './file-errors.js';

/** Whether `/proc/self/fd` answers here (Linux with /proc mounted): checked once. */
let procFds: boolean | undefined;

export function hasProcFds(): boolean {
  if (procFds === undefined) {
    try {
      procFds = statSync('/proc/self/fd').isDirectory();
    } catch {
      procFds = false;
    }
  }
  return procFds;
}

/** The path through which the kernel reaches the open descriptor `fd` itself, whatever happens to names. */
export function descriptorPath(fd: number): string {
  return `/proc/self/fd/${fd}`;
}

const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** The error for a descriptor that turned out not to be the judged file: something swapped a name. */
export function swappedError(shown: string): ToolError {
  return new ToolError(
    'denied',
    `${shown} changed while it was being opened (a part of its path became a symbolic link or was moved), so nothing was read or written. Try again once nothing else is changing the folder.`,
  );
}

/**
 * A regular file's stat is refused when the file has other hard links: the same bytes have another
 * name, and nothing can tell whether that name lies inside the allowed folders (a link's names cannot be
 * listed), so a hard link could be a way out. Folders and other kinds are left to the caller.
 */
export function refuseHardLinks(stat: Stats, shown: string): void {
  if (stat.isFile() && stat.nlink > 1) {
    throw new ToolError(
      'denied',
      `${shown} has ${stat.nlink} hard links: the same file also has another name, perhaps outside the allowed folders, and no check can tell where, so the file tools neither read nor change it. A copy of it without links (cp) can be read.`,
    );
  }
}

/**
 * Opens `real` (a real path governance judged) for reading and proves the descriptor is that file: no
 * link in the last component (`O_NOFOLLOW`), no FIFO wait (`O_NONBLOCK`), and the descriptor's real path
 * equal to `real`. Without /proc the check is the weaker one of comparing the path's device and inode
 * after the open. Also refuses a regular file with other hard links. `shown` names it in messages.
 * Only the open waits in the thread pool; the checks ask the kernel about the open descriptor, which
 * never waits on a disk, so they run synchronously. The caller closes the descriptor.
 */
export async function openVerified(real: string, shown: string): Promise<{ fd: number; stat: Stats }> {
  let fd: number;
  try {
    fd = await openAsync(real, READ_FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw swappedError(shown);
    throw fileError(error, shown);
  }
  try {
    const stat = fstatSync(fd);
    if (hasProcFds()) {
      if (readlinkSync(descriptorPath(fd)) !== real) throw swappedError(shown);
    } else if (!sameFile(stat, statSync(real, { throwIfNoEntry: false }))) throw swappedError(shown);
    refuseHardLinks(stat, shown);
    return { fd, stat };
  } catch (error) {
    closeSync(fd);
    throw fileError(error, shown);
  }
}

const openAsync = promisify(openCallback) as (path: string, flags: number) => Promise<number>;

/**
 * The synchronous `openVerified` for the search's walk and workers: the open descriptor of `real` when
 * it is that path's own regular file (or folder, with `folder`), else `undefined` (a hit that cannot be
 * verified is dropped, never reported). Hard-linked regular files are `undefined` too.
 */
export function openVerifiedSync(real: string, folder = false): { fd: number; stat: Stats } | undefined {
  let fd: number;
  try {
    fd = openSync(real, folder ? constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW : READ_FLAGS);
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    const same = hasProcFds()
      ? readlinkSync(descriptorPath(fd)) === real
      : sameFile(stat, statSync(real, { throwIfNoEntry: false }));
    if (same && (folder ? stat.isDirectory() : stat.isFile() && stat.nlink === 1)) return { fd, stat };
  } catch {}
  closeSync(fd);
  return undefined;
}

function sameFile(a: Stats, b: Stats | undefined): boolean {
  return b !== undefined && a.dev === b.dev && a.ino === b.ino;
}

/**
 * The entries of the folder at real path `real`, listed through a descriptor proven to be that folder
 * (so a folder swapped for a link to elsewhere is not listed), or `undefined` when it is not one now.
 */
export function readFolderVerified(real: string): Dirent[] | undefined {
  const opened = openVerifiedSync(real, true);
  if (opened === undefined) return undefined;
  try {
    return readdirSync(hasProcFds() ? descriptorPath(opened.fd) : real, { withFileTypes: true });
  } catch {
    return undefined;
  } finally {
    closeSync(opened.fd);
  }
}
