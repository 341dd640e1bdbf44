// A folder held open by descriptor, so that names in it are reached through the descriptor and not
// through its path: `/proc/self/fd/N/name` is resolved by the kernel from the open folder itself, so
// swapping any folder on the way for a symbolic link after the check cannot redirect a create, rename
// or delete (this is what renameat/openat give C programs). Folders are made one component at a time,
// each new one opened without following a link, and the first existing one proven by its descriptor's
// real path. Without /proc (not Linux), names are reached through the path, as before.
import { closeSync, constants, openSync, readlinkSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ToolError } from '@wesgine/schema';
import { fileError } from './file-errors.js';
import { descriptorPath, hasProcFds, swappedError } from './open-verified.js';

const FOLDER_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;

export class PinnedFolder {
  readonly #fd: number | undefined;
  /** The folder's real path when it was pinned. */
  readonly real: string;

  constructor(real: string, fd: number | undefined) {
    this.real = real;
    this.#fd = fd;
  }

  /** A path that reaches `name` inside this very folder, even if the folder was moved or replaced. */
  path(name: string): string {
    return this.#fd === undefined ? join(this.real, name) : `${descriptorPath(this.#fd)}/${name}`;
  }

  /** Whether the folder is still at its real path (not moved, and no link now stands on its way). */
  inPlace(): boolean {
    if (this.#fd === undefined) return true;
    try {
      return readlinkSync(descriptorPath(this.#fd)) === this.real;
    } catch {
      return false;
    }
  }

  /** Whether the open descriptor `fd` is the file `name` of this folder, where this folder should be. */
  holds(fd: number, name: string): boolean {
    if (this.#fd === undefined) return true;
    try {
      return readlinkSync(descriptorPath(fd)) === join(this.real, name);
    } catch {
      return false;
    }
  }

  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
  }
}

/** What pinning made: the folder, and each folder it created (deepest last), for a roll-back. */
export interface Pinned {
  readonly folder: PinnedFolder;
  readonly created: readonly { readonly parent: PinnedFolder; readonly name: string }[];
}

/**
 * Pins the folder at real path `real`, making missing folders (with `create`) one at a time: each in the
 * pinned folder above it, then opened without following a link. A link or a file where a folder should
 * be is refused; the first folder that exists must have `real`'s prefix as its descriptor's real path.
 * `shown` names the file being written, for messages.
 */
export async function pinFolder(real: string, shown: string, create: boolean): Promise<Pinned> {
  if (!hasProcFds()) {
    if (create) {
      await mkdir(real, { recursive: true }).catch((error: unknown) => {
        throw fileError(error, dirname(shown));
      });
    }
    return { folder: new PinnedFolder(real, undefined), created: [] };
  }
  const missing: string[] = [];
  let at = real;
  let fd: number | undefined;
  for (;;) {
    try {
      fd = openSync(at, FOLDER_FLAGS);
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ELOOP' || code === 'ENOTDIR') throw swappedError(shown);
      if (code !== 'ENOENT' || dirname(at) === at) throw fileError(error, dirname(shown));
      if (!create) throw new ToolError('file_not_found', `${shown} does not exist.`);
      missing.unshift(basename(at));
      at = dirname(at);
    }
  }
  const created: { parent: PinnedFolder; name: string }[] = [];
  let folder = new PinnedFolder(at, fd);
  const release = () => {
    folder.close();
    for (const { parent } of created) parent.close();
  };
  try {
    if (!folder.inPlace()) throw swappedError(shown);
    for (const name of missing) {
      try {
        await mkdir(folder.path(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw fileError(error, dirname(shown));
      }
      let child: number;
      try {
        child = openSync(folder.path(name), FOLDER_FLAGS);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ELOOP' || code === 'ENOTDIR') throw swappedError(shown);
        throw fileError(error, dirname(shown));
      }
      created.push({ parent: folder, name });
      folder = new PinnedFolder(join(folder.real, name), child);
    }
    if (!folder.inPlace()) throw swappedError(shown);
  } catch (error) {
    release();
    throw error;
  }
  return { folder, created };
}

/** Closes every descriptor a `Pinned` holds. */
export function releasePinned(pinned: Pinned): void {
  pinned.folder.close();
  for (const { parent } of pinned.created) parent.close();
}
