// Runs ripgrep, inside the cell's OS sandbox, for a search request and reads its output (NUL after every
// path, so any file name parses) into file hits. Files ripgrep stopped on as binary are dropped, as the Node search drops them.
// The hits are ripgrep's word, which a name swapped for a link during its run can make wrong: grep
// proves the ones it shows before showing them (verify-hits.ts).
import { statSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { ToolError, type ToolProcess, type ToolSandbox } from '@wesgine/schema';
import type { FileHit, Line, SearchOutcome, SearchRequest } from './search-types.js';
import { VCS_FOLDERS } from './walk-files.js';

const BINARY_NOTICE = /^(.*): (?:WARNING: stopped searching binary file|binary file matches)/;

export function ripgrepArguments(request: SearchRequest): string[] {
  const args = [
    '--no-config',
    '--color=never',
    '--no-heading',
    '--with-filename',
    '--null',
    '--hidden',
    '--no-require-git',
  ];
  args.push('--no-ignore-global', '--encoding=none');
  for (const glob of request.globs) args.push(`--glob=${glob}`);
  for (const name of VCS_FOLDERS) args.push(`--glob=!${name}`);
  for (const path of request.deny) {
    if (path.startsWith(`${request.base}/`)) args.push(`--glob=!/${escapeGlob(path.slice(request.base.length + 1))}`);
  }
  if (request.typeGlobs !== undefined) {
    for (const glob of request.typeGlobs) args.push(`--type-add=wesgine:${glob}`);
    args.push('--type=wesgine');
  }
  if (request.ignoreCase) args.push('--ignore-case');
  if (request.multiline) args.push('--multiline', '--multiline-dotall');
  if (request.mode === 'files_with_matches') args.push('--files-with-matches');
  else if (request.mode === 'count' && !request.multiline) args.push('--count');
  else {
    args.push('--line-number');
    if (request.mode === 'content' && request.before > 0) args.push(`--before-context=${request.before}`);
    if (request.mode === 'content' && request.after > 0) args.push(`--after-context=${request.after}`);
  }
  args.push('--regexp', request.regex.ripgrep, '--', request.file === undefined ? './' : `./${request.file}`);
  return args;
}

function escapeGlob(path: string): string {
  return path.replace(/[\\*?[\]{}!]/g, '\\$&');
}

function modified(path: string): number {
  return statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0;
}

function strip(path: string): string {
  return path.startsWith('./') ? path.slice(2) : path;
}

/**
 * Runs `rg` (at `binary`) inside the cell's OS sandbox (read-only roots, denied paths covered) and
 * collects what it finds. Resolves undefined when the sandbox cannot start here or ripgrep could not be
 * started inside it (it lives in a folder the sandbox does not show): the caller then searches with Node.
 */
export async function runRipgrep(
  binary: string,
  request: SearchRequest,
  sandbox: ToolSandbox,
): Promise<SearchOutcome | undefined> {
  const reader = new OutputReader(request);
  const decoder = new StringDecoder('utf8');
  const separator = request.mode === 'files_with_matches' ? '\0' : '\n';
  let pending = '';
  let stderr = '';
  let partial = false;
  let child: ToolProcess;
  try {
    child = await sandbox.spawn({
      argv: [binary, ...ripgrepArguments(request)],
      cwd: request.base,
      env: { PATH: process.env['PATH'] ?? '', LANG: 'C.UTF-8' },
      onOutput: (chunk, stream) => {
        if (stream === 'stderr') {
          if (stderr.length < 4000) stderr += Buffer.from(chunk).toString('utf8');
          return;
        }
        if (partial) return;
        const text = pending + decoder.write(Buffer.from(chunk));
        const lines = text.split(separator);
        pending = lines.pop() ?? '';
        for (const line of lines) reader.line(line);
        if (reader.lines > request.maxLines) {
          partial = true;
          void child.stop(0);
        }
      },
    });
  } catch (error) {
    // No sandbox here (no bubblewrap): the Node search needs no program, so it searches instead.
    if (ToolError.isInstance(error) && error.code === 'unavailable' && sandbox.mode === 'on') return undefined;
    if (ToolError.isInstance(error) && error.code === 'file_not_found') throw error;
    throw new ToolError('unavailable', `ripgrep could not be started (${(error as Error).message}).`);
  }
  const onAbort = () => void child.stop(0);
  request.signal.addEventListener('abort', onAbort, { once: true });
  let exit: Awaited<typeof child.exited>;
  try {
    exit = await child.exited;
    // The last output is read once everything of it is gone.
    await child.stop(0);
  } finally {
    request.signal.removeEventListener('abort', onAbort);
  }
  if (request.signal.aborted) throw new ToolError('aborted', 'The search was cancelled.');
  if (!partial) reader.line(pending + decoder.end());
  if (exit.code === 127 && reader.empty && /execvp|No such file/i.test(stderr)) return undefined;
  if (exit.code === 2 && reader.empty && /regex|parse error/i.test(stderr)) {
    const detail = stderr.trim().split('\n').slice(0, 6).join('\n');
    throw new ToolError('invalid_arguments', `ripgrep refused the pattern:\n${detail}`);
  }
  return { engine: 'ripgrep', hits: reader.hits(), partial, slow: [], large: [], unproven: true };
}

interface FileState {
  count: number;
  mtimeMs: number;
  readonly groups: Line[][];
}

/** Turns ripgrep's output lines into hits, whichever mode it ran in. */
class OutputReader {
  readonly #request: SearchRequest;
  readonly #files = new Map<string, FileState>();
  readonly #binary = new Set<string>();
  #current: Line[] | undefined;
  #currentPath: string | undefined;
  #currentFile: FileState | undefined;
  lines = 0;

  constructor(request: SearchRequest) {
    this.#request = request;
  }

  get empty(): boolean {
    return this.#files.size === 0;
  }

  line(line: string): void {
    if (line === '') return;
    const mode = this.#request.mode;
    if (mode === 'files_with_matches') {
      // Stat while ripgrep is still searching: the newest-first sort then costs almost nothing after.
      const path = strip(line);
      this.#file(path).mtimeMs = modified(`${this.#request.base}/${path}`);
      return;
    }
    const cut = line.indexOf('\0');
    if (cut === -1) {
      if (line === '--') this.#current = undefined;
      else {
        const notice = BINARY_NOTICE.exec(line);
        if (notice?.[1] !== undefined) this.#binary.add(strip(notice[1]));
      }
      return;
    }
    const path = strip(line.slice(0, cut));
    if (mode === 'count' && !this.#request.multiline) {
      this.#file(path).count = Number(line.slice(cut + 1));
      return;
    }
    // `<number>:` for a matching line, `<number>-` for a context line; read by hand (hot: every line).
    let at = cut + 1;
    let n = 0;
    for (let code = line.charCodeAt(at); code >= 48 && code <= 57; code = line.charCodeAt(++at)) n = n * 10 + code - 48;
    const mark = line.charCodeAt(at);
    if (at === cut + 1 || (mark !== 58 && mark !== 45)) return;
    const sameFile = this.#currentPath === path && this.#currentFile !== undefined;
    const file = sameFile ? (this.#currentFile as FileState) : this.#file(path);
    const match = mark === 58;
    if (match) file.count += 1;
    if (mode === 'count') return;
    if (this.#current === undefined || !sameFile) {
      this.#current = [];
      file.groups.push(this.#current);
    }
    this.#currentPath = path;
    this.#currentFile = file;
    this.#current.push({ n, text: line.slice(at + 1), match });
    this.lines += 1;
  }

  #file(path: string): FileState {
    let file = this.#files.get(path);
    if (file === undefined) {
      file = { count: 0, mtimeMs: 0, groups: [] };
      this.#files.set(path, file);
    }
    return file;
  }

  hits(): FileHit[] {
    const hits: FileHit[] = [];
    for (const [path, file] of this.#files) {
      if (!this.#binary.has(path)) hits.push({ path, count: file.count, mtimeMs: file.mtimeMs, groups: file.groups });
    }
    return hits;
  }
}
