// The grep tool from arguments to answer: checks what it is given, picks the engine (ripgrep or the
// Node search), keeps to the time budget, and formats what was found.
import { closeSync, readSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve } from 'node:path';
import { type ToolContext, ToolError } from '@wesgine/schema';
import type { GrepArgs } from '../../generated/types.gen.js';
import { openVerifiedSync } from '../fs/open-verified.js';
import { typeGlobs } from './file-types.js';
import { type Formatted, formatGrep } from './format-grep.js';
import { configureNodeSearch, runNodeSearch } from './node-search.js';
import { GlobFilter, splitGlobs } from './path-globs.js';
import { grepEngine, ripgrepPath } from './ripgrep-path.js';
import { runRipgrep } from './run-ripgrep.js';
import { translateRustRegex } from './rust-regex.js';
import type { SearchOutcome, SearchRequest } from './search-types.js';
import { provePage } from './verify-hits.js';

let budgetMs = 30_000;
const MAX_LINES = 100_000;
const DEFAULT_HEAD_LIMIT = 250;

/** Sets the time a search may take (30 s); tests shorten it. Returns the previous value. */
export function setSearchBudget(milliseconds: number): number {
  const previous = budgetMs;
  budgetMs = milliseconds;
  return previous;
}

/** How a path looks to the model: relative to the work folder when inside it, else absolute. */
export function displayPath(workDir: string, absolute: string): string {
  const rel = relative(workDir, absolute);
  if (rel === '') return '.';
  return rel.startsWith('..') || isAbsolute(rel) ? absolute : rel;
}

/**
 * The work folder's real path. The cell's `workDir` may be reached through a symbolic link, while paths
 * governance resolves, hits and listings are real paths: searching and showing them against the
 * link's path would find nothing (no hit would lie inside it) or show every path absolute.
 */
export function realWorkDir(context: ToolContext): string {
  try {
    return realpathSync(context.workDir);
  } catch {
    return context.workDir;
  }
}

export function realDenyPaths(context: ToolContext): string[] {
  return context.denyPaths.map((path) => {
    const full = resolve(context.workDir, path);
    try {
      return realpathSync(full);
    } catch {
      return full;
    }
  });
}

export async function grepSearch(args: GrepArgs, context: ToolContext): Promise<{ text: string; data: unknown }> {
  const workDir = realWorkDir(context);
  const target = context.resolvedPaths.get('/path') ?? workDir;
  const where = target === workDir ? 'the work folder' : displayPath(workDir, target);
  let isFile: boolean;
  try {
    const stat = statSync(target);
    if (!stat.isFile() && !stat.isDirectory()) {
      throw new ToolError(
        'not_a_file',
        `${where} is neither a file nor a folder; give grep a file or a folder to search.`,
      );
    }
    isFile = stat.isFile();
  } catch (error) {
    if (error instanceof ToolError) throw error;
    throw new ToolError(
      'file_not_found',
      `Nothing exists at ${where}. Check the path, or leave path out to search the whole work folder.`,
    );
  }
  const mode = args.output_mode ?? 'files_with_matches';
  const ignoreCase = args['-i'] ?? false;
  const multiline = args.multiline ?? false;
  const regex = translateRustRegex(args.pattern, { ignoreCase, multiline });
  const globs = args.glob === undefined ? [] : splitGlobs(args.glob);
  if (args.glob !== undefined && globs.length === 0) {
    throw new ToolError('invalid_arguments', 'glob is empty; give a glob such as *.ts, or leave it out.');
  }
  new GlobFilter(globs);
  const types = args.type === undefined ? undefined : typeGlobs(args.type);
  if (isFile) refuseBinary(target, where);

  const context_ = args['-C'] ?? 0;
  const controller = new AbortController();
  const onAbort = () => controller.abort('aborted');
  context.signal.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort('timeout'), budgetMs);
  const request: SearchRequest = {
    base: isFile ? dirname(target) : target,
    file: isFile ? basename(target) : undefined,
    regex,
    ignoreCase,
    multiline,
    mode,
    before: mode === 'content' ? (args['-B'] ?? context_) : 0,
    after: mode === 'content' ? (args['-A'] ?? context_) : 0,
    globs,
    typeGlobs: types,
    deny: realDenyPaths(context),
    maxLines: MAX_LINES,
    signal: controller.signal,
  };
  let outcome: SearchOutcome;
  try {
    const engine = grepEngine();
    const binary = ripgrepPath();
    const found =
      engine === 'ripgrep' && binary !== undefined ? await runRipgrep(binary, request, context.sandbox) : undefined;
    outcome = found ?? (await runNodeSearch(request));
  } catch (error) {
    if (controller.signal.reason === 'timeout') {
      throw new ToolError(
        'timeout',
        `The search took longer than ${budgetMs / 1000} s and was stopped. Narrow it: a sub-folder as path, a glob or type to pick files, or a more specific pattern.`,
      );
    }
    throw error;
  } finally {
    clearTimeout(timer);
    context.signal.removeEventListener('abort', onAbort);
  }

  // Ignore files are about relevance; the Zone and Hardline are about permission: a hit the tool may not
  // read (a .env a zone closes) is dropped whatever the ignore files say.
  const allowed = outcome.hits.filter((hit) => context.mayRead(`${request.base}/${hit.path}`));
  const withheld = outcome.hits.length - allowed.length;
  outcome = { ...outcome, hits: allowed };

  const filters = [
    args.glob === undefined ? '' : `glob ${args.glob}`,
    args.type === undefined ? '' : `type ${args.type}`,
  ];
  const filtered = filters.filter((part) => part !== '').join(', ');
  const options = {
    mode,
    lineNumbers: args['-n'] ?? true,
    context: request.before > 0 || request.after > 0,
    headLimit: args.head_limit ?? DEFAULT_HEAD_LIMIT,
    offset: args.offset ?? 0,
    display: (path: string) => displayPath(workDir, `${request.base}/${path}`),
    subject: `${JSON.stringify(args.pattern)} in ${where}${filtered === '' ? '' : ` (${filtered})`}`,
    maxLines: MAX_LINES,
    fileTimeMs: configureNodeSearch({}).fileTimeMs,
  };
  const page = provePage(outcome, request, (each) => formatGrep(each, options));
  const formatted: Formatted = page.formatted;
  outcome = page.outcome;
  const data = {
    engine: outcome.engine,
    mode,
    total: formatted.total,
    shown: formatted.shown,
    files: formatted.files,
    partial: outcome.partial,
    withheld,
    changed: page.changed,
  };
  return { text: formatted.text, data };
}

/**
 * A file given as path is searched only when it is text (no NUL byte in its first 64 KiB), and only
 * when it is that path's own file: reached without a link, with no other hard link (see open-verified.ts).
 */
function refuseBinary(path: string, where: string): void {
  const head = Buffer.alloc(65536);
  let length = 0;
  const opened = openVerifiedSync(path);
  if (opened === undefined) {
    throw new ToolError(
      'file_not_found',
      `${where} could not be read as a file of its own: check the path and its permissions (a file with other hard links is never searched).`,
    );
  }
  try {
    length = readSync(opened.fd, head, 0, head.length, 0);
  } catch {
    throw new ToolError('file_not_found', `${where} could not be read; check the path and its permissions.`);
  } finally {
    closeSync(opened.fd);
  }
  if (head.subarray(0, length).includes(0)) {
    throw new ToolError('binary_file', `${where} is a binary file; grep searches text files only.`);
  }
}
