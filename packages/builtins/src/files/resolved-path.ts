import { lstatSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { type ToolContext, ToolError } from '@wesgine/schema';

/** The real path governance resolved for the `Path()` argument at `pointer`. */
export function resolvedPath(context: ToolContext, pointer: string): string {
  const real = context.resolvedPaths.get(pointer);
  // Governance resolves every Path() argument before a handler runs; a gap is a wiring fault, not input.
  if (real === undefined)
    throw new ToolError('internal', `the path argument ${pointer} was not resolved by governance`);
  return real;
}

/**
 * The real path of a file to change. A write never follows a symbolic link in the last component of
 * the path the model gave, even one that stays inside the allowed folders: it is refused, naming the
 * real file to write instead.
 */
export function writeTarget(context: ToolContext, pointer: string, shown: string): string {
  const real = resolvedPath(context, pointer);
  const lexical = resolve(context.workDir, shown);
  let isLink = false;
  try {
    isLink = lstatSync(lexical).isSymbolicLink();
  } catch {
    // Missing: a new file, which governance has already placed inside the allowed folders.
  }
  if (isLink) {
    const target = relative(context.workDir, real);
    throw new ToolError(
      'not_a_file',
      `${shown} is a symbolic link; files are never changed through a link. Change ${target.startsWith('..') ? real : target} instead.`,
    );
  }
  return real;
}
