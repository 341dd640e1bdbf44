import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { type ToolContext, ToolError } from '@wesgine/schema';
import { formatBytes } from '../format-bytes.js';

/** One file to attach: the name the recipient sees and its bytes. */
export interface AttachedFile {
  readonly filename: string;
  readonly content: Buffer;
}

/**
 * Reads the files of `attachments` from the paths governance resolved (`/attachments/<i>`), all before
 * anything is sent: a missing file, a folder, or files together larger than `maxBytes` stop the send.
 */
export async function readAttachments(
  given: readonly string[],
  context: ToolContext,
  maxBytes: number,
): Promise<AttachedFile[]> {
  const files: AttachedFile[] = [];
  let total = 0;
  for (const [index, path] of given.entries()) {
    const real = context.resolvedPaths.get(`/attachments/${index}`);
    if (real === undefined) {
      throw new ToolError(
        'internal',
        `attachments/${index} was not checked by governance; it was not attached and nothing was sent`,
      );
    }
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(real, 'r');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT')
        throw new ToolError(
          'file_not_found',
          `the attachment ${JSON.stringify(path)} does not exist. Nothing was sent.`,
        );
      if (code === 'EISDIR')
        throw new ToolError(
          'not_a_file',
          `the attachment ${JSON.stringify(path)} is a folder; attach files one by one. Nothing was sent.`,
        );
      throw new ToolError(
        'handler_failed',
        `the attachment ${JSON.stringify(path)} cannot be read (${code ?? 'error'}). Nothing was sent.`,
      );
    }
    try {
      const stat = await handle.stat();
      if (stat.isDirectory()) {
        throw new ToolError(
          'not_a_file',
          `the attachment ${JSON.stringify(path)} is a folder; attach files one by one. Nothing was sent.`,
        );
      }
      if (!stat.isFile()) {
        throw new ToolError(
          'not_a_file',
          `the attachment ${JSON.stringify(path)} is not a regular file; attach files only. Nothing was sent.`,
        );
      }
      total += stat.size;
      if (total > maxBytes) {
        throw new ToolError(
          'file_too_large',
          `the attachments come to more than ${formatBytes(maxBytes)}, the most this cell sends in one message (email.maxMessageBytes); send fewer or smaller files. Nothing was sent.`,
        );
      }
      const content = await handle.readFile();
      files.push({ filename: basename(path) || basename(real), content });
    } finally {
      await handle.close();
    }
  }
  return files;
}
