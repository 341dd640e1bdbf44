import { lstatSync, type Stats } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { type ToolContext, ToolError } from '@wesgine/schema';
import { fileError } from '../fs/file-errors.js';
import { type PatchSection, sectionPaths } from './patch-model.js';

/** A path of the patch as governance resolved it. */
export interface Target {
  /** The path as the patch wrote it. */
  readonly text: string;
  /** Its real path, checked by governance. */
  readonly real: string;
  /** The path as written, resolved against the work folder without following links. */
  readonly lexical: string;
  /** How the summary names it: relative to the work folder when inside it, else absolute. */
  readonly shown: string;
}

/** What is at a target now, seen without following a link in its last component. */
export type TargetKind = 'none' | 'file' | 'folder' | 'other';

/**
 * Each path of the patch with its real path, refusing any path governance did not check (so a parser
 * difference can never let one through) and a file named by two sections (by real path: `a.txt` and
 * `./a.txt` are one file). Touches no file.
 */
export function patchTargets(sections: readonly PatchSection[], context: ToolContext): Map<string, Target> {
  const targets = new Map<string, Target>();
  const owners = new Map<string, { readonly line: number; readonly text: string }>();
  for (const section of sections) {
    const paths = sectionPaths(section);
    for (const text of paths) {
      const target = targets.get(text) ?? targetOf(text, context);
      targets.set(text, target);
      const owner = owners.get(target.real);
      // An Update whose Move to names its own file is not a second use of it.
      if (owner !== undefined && !(owner.line === section.line && paths.length === 2)) {
        throw new ToolError(
          'invalid_arguments',
          `${text} (line ${section.line}) is the same file as ${owner.text} (line ${owner.line}): a patch may name each file once. Put all changes of one file in one section, with its chunks in file order.`,
        );
      }
      owners.set(target.real, { line: section.line, text });
    }
  }
  return targets;
}

function targetOf(text: string, context: ToolContext): Target {
  const real = context.resolvedPaths.get(`@${text}`);
  if (real === undefined) {
    throw new ToolError(
      'denied',
      `The patch names ${text}, which the sandbox did not check, so nothing was changed. Write each path exactly after its marker.`,
    );
  }
  const lexical = resolve(context.workDir, text);
  const inWork = relative(context.workDir, lexical);
  const shown = inWork === '' || inWork.startsWith('..') || isAbsolute(inWork) ? lexical : inWork;
  return { text, real, lexical, shown };
}

/**
 * What is at `target` now. A symbolic link in the last component is refused: a patch never changes a
 * file through a link, nor the link itself.
 */
export function inspectTarget(target: Target, workDir: string): TargetKind {
  let stat: Stats;
  try {
    stat = lstatSync(target.lexical);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'none';
    throw fileError(error, target.text);
  }
  if (stat.isSymbolicLink()) {
    const points = relative(workDir, target.real);
    throw new ToolError(
      'not_a_file',
      `${target.text} is a symbolic link; a patch never changes a file through a link, nor the link itself. Name the file it points to instead: ${points.startsWith('..') ? target.real : points}.`,
    );
  }
  if (stat.isDirectory()) return 'folder';
  return stat.isFile() ? 'file' : 'other';
}
