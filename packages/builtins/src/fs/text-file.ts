import { createHash } from 'node:crypto';
import { closeSync, read as readCallback, type Stats } from 'node:fs';
import { promisify } from 'node:util';
import { ToolError } from '@wesgine/schema';
import { fileError } from './file-errors.js';
import { openVerified } from './open-verified.js';

/** The largest file any file tool reads, even in parts. */
export const HARD_SIZE_LIMIT = 20 * 1024 * 1024;

/** A regular file read whole: its text, its bytes' hash and the stat taken from the same descriptor. */
export interface TextFile {
  readonly text: string;
  readonly hash: string;
  readonly stat: Stats;
}

/** How many leading bytes are looked at to decide that a file is binary, as ripgrep does. */
const SNIFF_BYTES = 8192;

/**
 * Reads a regular file as UTF-8 text, from a descriptor proven to be `real` (see `openVerified`: no
 * link followed, no name swapped, no other hard link). Refuses what is not a regular file (folders,
 * FIFOs, devices, sockets: opened without blocking, so a FIFO never hangs the call), files over
 * `maxBytes`, and binary files (a NUL byte among the first 8 KiB). `shown` is the path as the model
 * wrote it, for messages.
 */
export async function readTextFile(real: string, shown: string, maxBytes = HARD_SIZE_LIMIT): Promise<TextFile> {
  const { fd, stat } = await openVerified(real, shown);
  try {
    if (stat.isDirectory()) {
      throw new ToolError('not_a_file', `${shown} is a folder, not a file; list it with glob or exec ls.`);
    }
    if (!stat.isFile()) {
      throw new ToolError(
        'not_a_file',
        `${shown} is not a regular file (a device, pipe or socket); only files can be read.`,
      );
    }
    if (stat.size > maxBytes) {
      throw new ToolError(
        'file_too_large',
        `${shown} is ${formatSize(stat.size)}; the limit is ${formatSize(maxBytes)}.`,
      );
    }
    const bytes = await readAll(fd, stat.size, maxBytes, shown);
    if (isBinary(bytes)) {
      throw new ToolError('binary_file', `${shown} is a binary file; only text files can be read or edited.`);
    }
    return { text: bytes.toString('utf8'), hash: hashOf(bytes), stat };
  } catch (error) {
    throw fileError(error, shown);
  } finally {
    closeSync(fd);
  }
}

const readAsync = promisify(readCallback);

/**
 * Every byte of `fd` from its start: one read of the size fstat gave (plus one byte, to see the end)
 * for a file that does not change meanwhile, more reads for one that grows, never past `maxBytes`.
 */
async function readAll(fd: number, size: number, maxBytes: number, shown: string): Promise<Buffer> {
  let buffer = Buffer.allocUnsafe(Math.min(size, maxBytes) + 1);
  let length = 0;
  for (;;) {
    const { bytesRead } = await readAsync(fd, buffer, length, buffer.length - length, length);
    if (bytesRead === 0) return buffer.subarray(0, length);
    length += bytesRead;
    if (length > maxBytes) {
      throw new ToolError('file_too_large', `${shown} grew past ${formatSize(maxBytes)} while it was read.`);
    }
    if (length === buffer.length) {
      const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes + 1));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
  }
}

/** A NUL byte in the first 8 KiB marks a binary file. */
export function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, SNIFF_BYTES).includes(0);
}

export function hashOf(content: Uint8Array | string): string {
  return createHash('sha256').update(content).digest('hex');
}

/** `812 bytes`, `300 KiB`, `25.0 MiB`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
