import { closeSync, constants, fstatSync, openSync, readlinkSync, readSync, type Stats } from 'node:fs';
import { UnreadableDocument } from './document-text.js';

/** A file's bytes and the stat taken from the same descriptor. */
export interface FoundFile {
  readonly bytes: Buffer;
  readonly stat: Stats;
}

const FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * Reads a file the indexer found, as the real path it was found at, and nothing else: the last part is
 * opened without following a link, the descriptor must be a regular file, and the kernel's name for the
 * open file must be that path (so a folder above it swapped for a link meanwhile is caught). Refuses files
 * over `maxBytes`. Throws `UnreadableDocument` saying why, or the system error of a file that is gone.
 */
export function readFoundFile(path: string, maxBytes: number): FoundFile {
  let fd: number;
  try {
    fd = openSync(path, FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new UnreadableDocument('it is a symbolic link');
    throw error;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new UnreadableDocument('it is not a regular file');
    if (stat.size > maxBytes) {
      throw new UnreadableDocument(`it is ${stat.size} bytes, over the ${maxBytes} bytes of kb.maxFileBytes`);
    }
    let opened: string | undefined;
    try {
      opened = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      // No /proc (not Linux): the O_NOFOLLOW open and the walk's own checks stand.
    }
    if (opened !== undefined && opened !== path)
      throw new UnreadableDocument(`it moved to ${opened} while it was read`);
    const bytes = Buffer.allocUnsafe(stat.size);
    let length = 0;
    while (length < bytes.length) {
      const read = readSync(fd, bytes, length, bytes.length - length, length);
      if (read === 0) break;
      length += read;
    }
    return { bytes: length === bytes.length ? bytes : bytes.subarray(0, length), stat };
  } finally {
    closeSync(fd);
  }
}
