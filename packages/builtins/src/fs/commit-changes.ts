import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { lstat, open, rename, rmdir, unlink } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { ToolError } from '@wesgine/schema';
import { fileError } from './file-errors.js';
import { refuseHardLinks, swappedError } from './open-verified.js';
import { type Pinned, pinFolder, releasePinned } from './pinned-folder.js';

/** One file to write (`content`) or delete (no `content`), by real path; `shown` names it in messages. */
export interface FileChange {
  readonly path: string;
  readonly content?: string;
  readonly shown: string;
}

/** What a committed write found: whether the file is new, and the written file's stat (none for a delete). */
export interface CommittedChange {
  readonly path: string;
  readonly created: boolean;
  readonly stat: Stats | undefined;
}

interface Step {
  readonly change: FileChange;
  /** The file's name in its folder. */
  readonly name: string;
  readonly pinned: Pinned;
  existing?: Stats | undefined;
  /** Names, in the same folder, of the new content and of the old file moved aside. */
  temp?: string;
  backup?: string;
  placed?: boolean;
}

const TEMP_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/**
 * Applies every change or none. Each target's folder is pinned by descriptor first (made one component
 * at a time when missing, see `pinFolder`), and every name is then reached through the pinned folder,
 * so a folder swapped for a link between the governance check and the write cannot send a create,
 * rename or delete elsewhere. New contents go to temporary files in their target's folder (created
 * exclusively, without following a link, with the old file's mode, and proven to be in the pinned
 * folder by their own descriptor's real path); then each old file is moved aside and each new one
 * renamed into place; every folder is proven in place again before and after, and any failure moves
 * everything back. A write never follows a symbolic link in its last component and never replaces
 * anything but a regular file; a delete removes a file or a link itself, never its target. A file with
 * other hard links, or whose mode refuses writing, is refused.
 */
export async function commitChanges(changes: readonly FileChange[]): Promise<CommittedChange[]> {
  const steps: Step[] = [];
  try {
    for (const change of changes) {
      const pinned = await pinFolder(dirname(change.path), change.shown, change.content !== undefined);
      const step: Step = { change, name: basename(change.path), pinned };
      steps.push(step);
      step.existing = await inspect(step);
    }
    for (const step of steps) {
      const { change, existing, pinned } = step;
      if (change.content === undefined) continue;
      const temp = `.wesgine-${randomBytes(6).toString('hex')}.new`;
      const mode = existing === undefined ? 0o666 : existing.mode & 0o7777;
      const handle = await open(pinned.folder.path(temp), TEMP_FLAGS, mode).catch((error: unknown) => {
        throw fileError(error, change.shown);
      });
      step.temp = temp;
      try {
        if (!pinned.folder.holds(handle.fd, temp)) throw swappedError(change.shown);
        await handle.writeFile(change.content);
        // The open's mode passed through the umask; a replaced file keeps its own exactly.
        if (existing !== undefined) await handle.chmod(mode);
      } catch (error) {
        throw fileError(error, change.shown);
      } finally {
        await handle.close();
      }
    }
    refuseMoved(steps);
    for (const step of steps) {
      const { existing, pinned, name } = step;
      if (existing !== undefined) {
        const backup = `.wesgine-${randomBytes(6).toString('hex')}.old`;
        await rename(pinned.folder.path(name), pinned.folder.path(backup));
        step.backup = backup;
      }
      if (step.temp !== undefined) {
        await rename(pinned.folder.path(step.temp), pinned.folder.path(name));
        step.placed = true;
      }
    }
    refuseMoved(steps);
  } catch (error) {
    await rollBack(steps);
    for (const step of steps) releasePinned(step.pinned);
    throw fileError(
      error,
      steps.find((step) => step.temp !== undefined && step.placed !== true)?.change.shown ?? 'a file',
    );
  }
  const committed: CommittedChange[] = [];
  for (const step of steps) {
    const { pinned, name, change, existing } = step;
    if (step.backup !== undefined) await unlink(pinned.folder.path(step.backup)).catch(() => {});
    const stat = step.placed === true ? await lstat(pinned.folder.path(name)).catch(() => undefined) : undefined;
    committed.push({ path: change.path, created: existing === undefined, stat });
  }
  for (const step of steps) releasePinned(step.pinned);
  return committed;
}

/** Refuses to go on (so everything is put back) when a pinned folder is no longer at its real path. */
function refuseMoved(steps: readonly Step[]): void {
  for (const step of steps) if (!step.pinned.folder.inPlace()) throw swappedError(step.change.shown);
}

/** The target as it is now: its stat when it exists; refuses targets a change must not touch. */
async function inspect(step: Step): Promise<Stats | undefined> {
  const { change, pinned, name } = step;
  let stat: Stats;
  try {
    stat = await lstat(pinned.folder.path(name));
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
  refuseHardLinks(stat, change.shown);
  refuseReadOnly(stat, change.shown, change.content === undefined);
  return stat;
}

/**
 * Refuses a file whose mode refuses writing to this process: the write bit that applies (owner, group
 * or others, by this process's ids; for root, any write bit). Renaming a new file over it would
 * otherwise succeed where the file's own permissions say no.
 */
export function refuseReadOnly(stat: Stats, shown: string, deleting: boolean): void {
  if (isWritable(stat)) return;
  const mode = (stat.mode & 0o777).toString(8).padStart(4, '0');
  throw new ToolError(
    'denied',
    `${shown} is read-only (mode ${mode}): its permissions refuse writing, so it was not ${deleting ? 'deleted' : 'changed'}. If it should change, its owner must make it writable first.`,
  );
}

function isWritable(stat: Stats): boolean {
  const uid = process.getuid?.();
  if (uid === undefined) return (stat.mode & 0o222) !== 0;
  if (uid === 0) return (stat.mode & 0o222) !== 0;
  if (stat.uid === uid) return (stat.mode & 0o200) !== 0;
  const groups = [process.getgid?.(), ...(process.getgroups?.() ?? [])];
  if (groups.includes(stat.gid)) return (stat.mode & 0o020) !== 0;
  return (stat.mode & 0o002) !== 0;
}

/**
 * Puts every moved file back and removes every new one, then the folders made for them while they are
 * empty (another call may have put something there meanwhile: that stays). Every name is reached
 * through its pinned folder.
 */
async function rollBack(steps: readonly Step[]): Promise<void> {
  for (const step of [...steps].reverse()) {
    const { folder } = step.pinned;
    if (step.placed === true) await unlink(folder.path(step.name)).catch(() => {});
    else if (step.temp !== undefined) await unlink(folder.path(step.temp)).catch(() => {});
    if (step.backup !== undefined) await rename(folder.path(step.backup), folder.path(step.name)).catch(() => {});
  }
  for (const step of [...steps].reverse()) {
    for (const { parent, name } of [...step.pinned.created].reverse()) {
      if (
        !(await rmdir(parent.path(name)).then(
          () => true,
          () => false,
        ))
      )
        break;
    }
  }
}
