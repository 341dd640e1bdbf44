import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ToolError } from '@wesgine/schema';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The pixel size a PNG's header states, or undefined when the bytes are no PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(SIGNATURE) || bytes.toString('latin1', 12, 16) !== 'IHDR') {
    return undefined;
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Writes the PNG whole or not at all: into a new file beside the target, then renamed over it, so a
 * reader never sees half a screenshot and a failure leaves what was there. Missing folders are made.
 */
export function writePng(path: string, bytes: Buffer): void {
  const existing = statSync(path, { throwIfNoEntry: false });
  if (existing?.isDirectory()) {
    throw new ToolError('not_a_file', `${path} is a folder; give save_to a file name ending in .png.`);
  }
  const folder = dirname(path);
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw new ToolError('not_a_file', `The folder ${folder} cannot be made (${(error as Error).message}).`, {
      cause: error,
    });
  }
  const temporary = join(folder, `.${basename(path)}.${randomUUID().slice(0, 8)}.tmp`);
  try {
    writeFileSync(temporary, bytes, { flag: 'wx', mode: 0o644 });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new ToolError(
      'handler_failed',
      `The screenshot could not be written to ${path} (${(error as Error).message}).`,
      {
        cause: error,
      },
    );
  }
}
