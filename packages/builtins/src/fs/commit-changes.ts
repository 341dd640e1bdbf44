import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { lstat, mkdir, rename, rmdir, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ToolError } from '@wesgine/schema';
import { fileError } from './file-errors.js';

/** One file to write (`content`) or delete (no `content`), by real path; `shown` names it in messages. */
export interface FileChange {
  readonly path: string;
  readonly content?: string;
  readonly shown: string;
}

/** What a committed write found: whether the file is new. */
export interface CommittedChange {
  readonly path: string;
  readonly created: boolean;
}

interface Step {
  readonly change: FileChange;
  readonly existing: Stats | undefined;
  temp?: string;
  backup?: string;
  placed?: boolean;
}

/**
 * Applies every change or none. New contents go to temporary files in their target's folder first (with
 * the old file's mode); then each old file is moved aside and each new one renamed into place; any
 * failure moves everything back. A write never follows a symbolic link in its last component and never
 * replaces anything but a regular file; a delete removes a file or a link itself, never its target.
 */
export async function commitChanges(changes: readonly FileChange[]): Promise<CommittedChange[]> {
  const steps: Step[] = [];
  for (const change of changes) steps.push({ change, existing: await inspect(change) });
  /** Folders made for new files: each deepest one with the top one `mkdir` created above it. */
  const createdFolders: { readonly deepest: string; readonly top: string }[] = [];
  try {
    for (const step of steps) {
      const { change, existing } = step;
      if (change.content === undefined) continue;
      const folder = dirname(change.path);
      const made = await mkdir(folder, { recursive: true }).catch((error: unknown) => {
        throw fileError(error, dirname(change.shown));
      });
      if (made !== undefined) createdFolders.push({ deepest: folder, top: made });
      step.temp = join(folder, `.wesgine-${randomBytes(6).toString('hex')}.new`);
      await writeFile(step.temp, change.content, {
        flag: 'wx',
        ...(existing === undefined ? {} : { mode: existing.mode & 0o7777 }),
      }).catch((error: unknown) => {
        throw fileError(error, change.shown);
      });
    }
    for (const step of steps) {
      const { change, existing } = step;
      if (existing !== undefined) {
        step.backup = join(dirname(change.path), `.wesgine-${randomBytes(6).toString('hex')}.old`);
        await rename(change.path, step.backup);
      }
      if (step.temp !== undefined) {
        await rename(step.temp, change.path);
        step.placed = true;
      }
    }
  } catch (error) {
    await rollBack(steps, createdFolders);
    throw fileError(
      error,
      steps.find((step) => step.temp !== undefined && step.placed !== true)?.change.shown ?? 'a file',
    );
  }
  for (const step of steps) if (step.backup !== undefined) await unlink(step.backup).catch(() => {});
  return steps.map(({ change, existing }) => ({ path: change.path, created: existing === undefined }));
}

/** The target as it is now: its stat when it exists; refuses targets a change must not touch. */
async function inspect(change: FileChange): Promise<Stats | undefined> {
  let stat: Stats;
  try {
    stat = await lstat(change.path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw fileError(error, change.shown);
    if (change.content === undefined)
      throw new ToolError('file_not_found', `${change.shown} does not exist, so it cannot be deleted.`);
    return undefined;
  }
  if (stat.isSymbolicLink()) {
    if (change.content === undefined) return stat;
    throw new ToolError(
      'not_a_file',
      `${change.shown} is a symbolic link; files are written only through their real path, never through a link.`,
    );
  }
  if (stat.isDirectory()) throw new ToolError('not_a_file', `${change.shown} is a folder, not a file.`);
  if (!stat.isFile()) {
    throw new ToolError('not_a_file', `${change.shown} is not a regular file (a device, pipe or socket).`);
  }
  return stat;
}

/**
 * Puts every moved file back and removes every new one, then the folders made for them while they are
 * empty (another call may have put something there meanwhile: that stays).
 */
async function rollBack(
  steps: readonly Step[],
  createdFolders: readonly { readonly deepest: string; readonly top: string }[],
): Promise<void> {
  for (const step of [...steps].reverse()) {
    if (step.placed === true) await unlink(step.change.path).catch(() => {});
    else if (step.temp !== undefined) await unlink(step.temp).catch(() => {});
    if (step.backup !== undefined) await rename(step.backup, step.change.path).catch(() => {});
  }
  for (const { deepest, top } of [...createdFolders].reverse()) {
    for (let folder = deepest; folder.startsWith(top); folder = dirname(folder)) {
      if (
        !(await rmdir(folder).then(
          () => true,
          () => false,
        ))
      )
        break;
      if (folder === top) break;
    }
  }
}
