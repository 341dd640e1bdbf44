import { lstat, mkdir, open, realpath, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ToolError } from '@wesgine/schema';
import { attachmentFileName, numberedName } from './attachment-name.js';

/** One attachment to save: the name its sender gave and its bytes. */
export interface AttachmentToSave {
  readonly filename?: string | undefined;
  readonly content: Buffer;
}

/** Where each attachment went: a path, or why it was left out. */
export type SaveOutcome = { readonly saved: string } | { readonly skipped: string };

/**
 * Writes attachments as new files into `folder` (governance resolved it and allowed writing there; it
 * is made when missing). No file is ever replaced: a taken name gets a number. A file governance would
 * not let the cell read (`*.pem` under the default zone: `mayRead`, judged as reading, since the call's
 * own category is an action that the Zone may ask about) is not written. When a write
 * fails, the files this call wrote are removed again, so a failed call leaves nothing behind.
 */
export async function saveAttachments(
  folder: string,
  shownFolder: string,
  attachments: readonly AttachmentToSave[],
  mayRead: (real: string) => boolean,
): Promise<SaveOutcome[]> {
  try {
    await mkdir(folder, { recursive: true });
    const stat = await lstat(folder);
    if (!stat.isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    // A link put in place of the folder after governance judged it would lead the files elsewhere.
    if ((await realpath(folder)) !== folder) throw Object.assign(new Error('moved'), { code: 'ELOOP' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR' || code === 'EEXIST') {
      throw new ToolError(
        'invalid_arguments',
        `save_attachments_to ${JSON.stringify(shownFolder)} is a file, not a folder; name a folder`,
      );
    }
    throw new ToolError(
      'handler_failed',
      `the folder ${JSON.stringify(shownFolder)} cannot be used (${code ?? 'error'}); nothing was saved`,
    );
  }
  const written: string[] = [];
  const outcomes: SaveOutcome[] = [];
  try {
    for (const [index, attachment] of attachments.entries()) {
      const name = attachmentFileName(attachment.filename, index);
      const path = await writeNew(folder, name, attachment.content, mayRead);
      if (path === undefined) {
        outcomes.push({ skipped: `governance keeps this tool from files named ${JSON.stringify(name)}` });
        continue;
      }
      written.push(path);
      outcomes.push({ saved: path });
    }
  } catch (error) {
    await Promise.all(written.map((path) => rm(path, { force: true })));
    const code = (error as NodeJS.ErrnoException).code;
    throw new ToolError(
      'handler_failed',
      `saving the attachments into ${JSON.stringify(shownFolder)} failed (${code ?? (error as Error).message}); nothing was saved`,
    );
  }
  return outcomes;
}

/** Writes `content` under `name`, or `name (2)` and on when taken; `undefined` when governance says no. */
async function writeNew(
  folder: string,
  name: string,
  content: Buffer,
  mayRead: (real: string) => boolean,
): Promise<string | undefined> {
  for (let n = 1; n <= 1000; n += 1) {
    const candidate = join(folder, n === 1 ? name : numberedName(name, n));
    if (!mayRead(candidate)) return undefined;
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      // `wx`: created here or not at all; an existing file, or a link by that name, is never opened.
      handle = await open(candidate, 'wx', 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
    try {
      await handle.writeFile(content);
    } catch (error) {
      await handle.close();
      await rm(candidate, { force: true });
      throw error;
    }
    await handle.close();
    return candidate;
  }
  throw Object.assign(new Error(`a thousand files are named like ${name}`), { code: 'EEXIST' });
}
