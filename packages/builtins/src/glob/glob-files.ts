// The glob tool: the shared walk (ignore files respected, .git skipped, links never followed), filtered
// by the pattern with ripgrep's --glob meaning, newest first, at most 100 paths.
import { lstatSync, statSync } from 'node:fs';
import { type ToolContext, ToolError } from '@wesgine/schema';
import type { GlobArgs } from '../../generated/types.gen.js';
import { displayPath, realDenyPaths, realWorkDir } from '../search/grep-search.js';
import { compileGlob } from '../search/path-globs.js';
import { walkFiles } from '../search/walk-files.js';

export const MAX_GLOB_RESULTS = 100;
let budgetMs = 30_000;

/** Sets the time a glob may take (30 s); tests shorten it. Returns the previous value. */
export function setGlobBudget(milliseconds: number): number {
  const previous = budgetMs;
  budgetMs = milliseconds;
  return previous;
}

/** Refuses patterns that would reach outside the folder: absolute ones and ones with `..` parts. */
export function checkGlobPattern(pattern: string): string {
  const trimmed = pattern.trim();
  if (trimmed.startsWith('/') || trimmed.startsWith('~') || /^[A-Za-z]:[\\/]/.test(trimmed)) {
    throw new ToolError(
      'invalid_arguments',
      `The pattern '${pattern}' is absolute, but patterns are relative to path. Put the folder in path and keep the pattern relative, e.g. path: "/some/folder", pattern: "**/*.ts".`,
    );
  }
  if (trimmed.split(/[\\/]/).includes('..')) {
    throw new ToolError(
      'invalid_arguments',
      `The pattern '${pattern}' contains a '..' part; patterns cannot climb out of path. Give the folder you mean as path instead.`,
    );
  }
  const body = trimmed.replace(/^(\.\/)+/, '');
  if (body === '' || body === '.') {
    throw new ToolError(
      'invalid_arguments',
      `The pattern '${pattern}' names no files; use one such as **/*.ts or src/*.py.`,
    );
  }
  return body;
}

export function globFiles(args: GlobArgs, context: ToolContext): { text: string; data: unknown } {
  const workDir = realWorkDir(context);
  const root = context.resolvedPaths.get('/path') ?? workDir;
  const where = root === workDir ? 'the work folder' : displayPath(workDir, root);
  const stat = statSync(root, { throwIfNoEntry: false });
  if (stat === undefined) {
    throw new ToolError(
      'file_not_found',
      `No folder exists at ${where}. Check the path, or leave it out to search the work folder.`,
    );
  }
  if (!stat.isDirectory()) {
    throw new ToolError('not_a_file', `${where} is not a folder; glob searches folders. Give its folder as path.`);
  }
  const glob = compileGlob(checkGlobPattern(args.pattern));
  if (glob.negated) {
    throw new ToolError(
      'invalid_arguments',
      `The pattern '${args.pattern}' starts with !; give the files to find, not the ones to leave out.`,
    );
  }
  const deadline = Date.now() + budgetMs;
  let late = false;
  const stop = () => {
    late = late || Date.now() > deadline || context.signal.aborted;
    return late;
  };
  const found: { path: string; mtimeMs: number }[] = [];
  for (const rel of walkFiles({ root, deny: realDenyPaths(context), stop })) {
    const name = rel.slice(rel.lastIndexOf('/') + 1);
    if (!glob.test(glob.anchored ? rel : name)) continue;
    // Governance, not relevance: a file the tool may not read (a zone's closed .env) is not listed.
    if (!context.mayRead(`${root}/${rel}`)) continue;
    const info = lstatSync(`${root}/${rel}`, { throwIfNoEntry: false });
    found.push({ path: rel, mtimeMs: info?.mtimeMs ?? 0 });
  }
  if (late) {
    throw new ToolError(
      context.signal.aborted ? 'aborted' : 'timeout',
      `Listing files took longer than ${budgetMs / 1000} s and was stopped. Use a narrower path or a more specific pattern.`,
    );
  }
  found.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const subject = `${JSON.stringify(args.pattern)} in ${where}`;
  if (found.length === 0) {
    return {
      text: `No files match ${subject}. Files ignored by .gitignore and the .git folder are not listed; check the pattern or widen the path.`,
      data: { total: 0, shown: 0 },
    };
  }
  const shown = found.slice(0, MAX_GLOB_RESULTS).map((item) => displayPath(workDir, `${root}/${item.path}`));
  const count = found.length.toLocaleString('en-US');
  const lines =
    found.length > MAX_GLOB_RESULTS
      ? [
          `Found ${count} files matching ${subject}; showing the ${MAX_GLOB_RESULTS} newest:`,
          ...shown,
          `(Results cut: ${(found.length - MAX_GLOB_RESULTS).toLocaleString('en-US')} more files not shown. Use a more specific pattern or a narrower path to see them.)`,
        ]
      : [`Found ${found.length === 1 ? '1 file' : `${count} files`} matching ${subject} (newest first):`, ...shown];
  return { text: lines.join('\n'), data: { total: found.length, shown: shown.length } };
}
