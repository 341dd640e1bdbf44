import { ToolError } from '@wesgine/schema';
import type { MemoryStore } from './memory-store.js';

/** The largest memory file, in UTF-8 bytes. */
export const MAX_FILE_BYTES = 64 * 1024;
/** The most one cell's store holds: every file's text and path, in UTF-8 bytes. */
export const MAX_STORE_BYTES = 4 * 1024 * 1024;

/** A byte count in full, as a cap's message needs it (rounded sizes would read `64 KiB, over 64 KiB`). */
function bytes(count: number): string {
  return `${count.toLocaleString('en-US')} bytes`;
}

/** What the store counts for one file: its text and its path (so a million empty files are not free). */
export function storedBytes(path: string, text: string): number {
  return Buffer.byteLength(text) + Buffer.byteLength(path);
}

/**
 * Refuses, before anything is written, a text over the per-file cap, or a change that would take the
 * store past its cap: `growth` is how many bytes the store would count after it, less before.
 */
export function checkRoom(store: MemoryStore, path: string, text: string | undefined, growth: number): void {
  const size = text === undefined ? 0 : Buffer.byteLength(text);
  if (size > MAX_FILE_BYTES) {
    throw new ToolError(
      'file_too_large',
      `${path} would be ${bytes(size)}, over the ${bytes(MAX_FILE_BYTES)} (64 KiB) a memory file may hold; nothing was written. Keep notes short, or split them into several files.`,
    );
  }
  if (growth <= 0) return;
  const used = store.usage();
  if (used + growth > MAX_STORE_BYTES) {
    throw new ToolError(
      'file_too_large',
      `the memory store holds ${bytes(used)} of its ${bytes(MAX_STORE_BYTES)} (4 MiB), and this would take it to ${bytes(used + growth)}; nothing was written. Delete or shorten notes that are no longer useful first.`,
    );
  }
}
