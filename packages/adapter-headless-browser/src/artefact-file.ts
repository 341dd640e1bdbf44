import { randomBytes, randomUUID } from 'node:crypto';
import { constants, lstatSync, mkdirSync, realpathSync, statSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { type ToolContext, ToolError } from '@wesgine/schema';

/** Where a call's file goes: the real path to write, and the path to show the model. */
export interface ArtefactTarget {
  readonly path: string;
  readonly shown: string;
  /** Whether `path` is a real path governance judged (`save_to`), rather than one in the data folder. */
  readonly judged: boolean;
}

/**
 * Decides where a screenshot or PDF goes, before any page is opened: `save_to` (already judged by
 * governance as a path to write, and resolved) when given, else a new file under `dataDir/page/`. A
 * `save_to` must end in `extension`, may not be a folder or anything but a regular file, and is never
 * written through a symbolic link (the model is told the real file to name instead).
 */
export function artefactTarget(
  context: ToolContext,
  saveTo: string | undefined,
  extension: '.png' | '.pdf',
): ArtefactTarget {
  if (saveTo === undefined) {
    const folder = join(context.dataDir, 'page');
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const path = join(folder, `${stamp}-${randomUUID().slice(0, 8)}${extension}`);
    return { path, shown: path, judged: false };
  }
  if (extname(saveTo).toLowerCase() !== extension) {
    throw new ToolError(
      'invalid_arguments',
      `save_to must name a ${extension} file, such as ${extension === '.png' ? 'shots/page.png' : 'docs/page.pdf'}; got ${JSON.stringify(saveTo)}. Nothing was opened or written.`,
    );
  }
  const real = context.resolvedPaths.get('/save_to');
  if (real === undefined) throw new ToolError('internal', 'the save_to path was not resolved by governance');
  const lexical = resolve(context.workDir, saveTo);
  const found = lstatOrUndefined(lexical);
  if (found?.isSymbolicLink()) {
    throw new ToolError(
      'not_a_file',
      `${saveTo} is a symbolic link, and files are never written through a link. Name the file itself (${real}) or another path. Nothing was opened or written.`,
    );
  }
  const existing = lstatOrUndefined(real);
  if (existing !== undefined && !existing.isFile()) {
    throw new ToolError(
      'not_a_file',
      `${saveTo} is ${existing.isDirectory() ? 'a folder' : 'not a regular file'}; give a file name ending in ${extension} instead. Nothing was opened or written.`,
    );
  }
  return { path: real, shown: saveTo, judged: true };
}

const TEMP_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/**
 * Writes `bytes` to the target whole or not at all: into a new temporary file beside it (created
 * exclusively, never through a link), whose folder is checked to be still the one governance judged,
 * then renamed over the target. Missing folders are made first.
 */
export async function writeArtefact(target: ArtefactTarget, bytes: Uint8Array): Promise<void> {
  const folder = dirname(target.path);
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw fileProblem(error, target.shown);
  }
  const temp = join(folder, `.${basename(target.path)}.${randomBytes(6).toString('hex')}.part`);
  let written = false;
  try {
    const expected = target.judged ? folder : realpathSync(folder);
    const handle = await open(temp, TEMP_FLAGS, 0o644);
    written = true;
    try {
      await handle.writeFile(bytes);
    } finally {
      await handle.close();
    }
    if (realpathSync(folder) !== expected || !statSync(temp).isFile()) {
      throw new ToolError(
        'path_not_allowed',
        `The folder of ${target.shown} changed while the page loaded; nothing was written. Try again.`,
      );
    }
    await rename(temp, target.path);
    written = false;
  } catch (error) {
    throw ToolError.isInstance(error) ? error : fileProblem(error, target.shown);
  } finally {
    if (written) await unlink(temp).catch(() => {});
  }
}

function fileProblem(error: unknown, shown: string): ToolError {
  const code = (error as NodeJS.ErrnoException).code;
  const why =
    code === 'EACCES' || code === 'EPERM'
      ? 'permission was refused'
      : code === 'ENOSPC'
        ? 'the disk is full'
        : code === 'ENOTDIR'
          ? 'part of the path is a file, not a folder'
          : code === 'EEXIST'
            ? 'something is already there'
            : (code ?? String(error));
  return new ToolError('unavailable', `Could not save ${shown}: ${why}. Nothing was written there.`, { cause: error });
}

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}
