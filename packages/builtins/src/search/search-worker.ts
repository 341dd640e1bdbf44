// The body of a search worker thread. It is started from its source text (`workerSource()`), so this
// function must stay self-contained: no imports, nothing from the module around it, only `require`.
// It reads each file of a batch, skips binary ones as ripgrep does, and finds the matching lines.

/** What a worker is told once per search. */
export interface WorkerSetup {
  readonly type: 'setup';
  readonly source: string;
  readonly flags: string;
  readonly literal: string | undefined;
  readonly multiline: boolean;
  readonly mode: 'files_with_matches' | 'content' | 'count';
  readonly before: number;
  readonly after: number;
  readonly maxFileBytes: number;
  /** [files started, index in the batch of the file being searched]. */
  readonly progress: SharedArrayBuffer;
}

export interface WorkerBatch {
  readonly type: 'batch';
  readonly id: number;
  readonly files: readonly string[];
}

export interface WorkerLine {
  readonly n: number;
  readonly text: string;
  readonly match: boolean;
  readonly length?: number;
}

export interface WorkerHit {
  readonly index: number;
  readonly count: number;
  readonly mtimeMs: number;
  readonly groups: WorkerLine[][];
}

export interface WorkerReply {
  readonly id: number;
  readonly hits: WorkerHit[];
  /** Indexes of files over the size limit. */
  readonly large: number[];
}

export function searchWorker(): void {
  const { parentPort } = require('node:worker_threads') as typeof import('node:worker_threads');
  const fs = require('node:fs') as typeof import('node:fs');
  const BINARY_WINDOW = 65536;
  const KEEP_CHARS = 4000;
  let setup: WorkerSetup;
  let regex = /$^/g;
  let literal: Buffer | undefined;
  let progress: Int32Array<ArrayBufferLike> = new Int32Array(2);
  let buffer = Buffer.allocUnsafe(1 << 20);

  parentPort?.on('message', (message: WorkerSetup | WorkerBatch) => {
    if (message.type === 'setup') {
      setup = message;
      regex = new RegExp(message.source, `${message.flags}g`);
      literal = message.literal === undefined ? undefined : Buffer.from(message.literal, 'utf8');
      progress = new Int32Array(message.progress);
      return;
    }
    const hits: WorkerHit[] = [];
    const large: number[] = [];
    message.files.forEach((path, index) => {
      Atomics.store(progress, 1, index);
      Atomics.add(progress, 0, 1);
      const found = searchFile(path);
      if (found === 'large') large.push(index);
      else if (found !== undefined) hits.push({ ...found, index });
    });
    Atomics.add(progress, 0, 1);
    parentPort?.postMessage({ id: message.id, hits, large } satisfies WorkerReply);
  });

  // Race-free opening (see fs/open-verified.ts, which this self-contained source cannot import): no link
  // followed in the last component, no FIFO wait, and the descriptor's real path must be the path the
  // walk found; a file with other hard links is not read.
  const OPEN_FLAGS = fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK;
  const procFds = fs.existsSync('/proc/self/fd');

  function searchFile(path: string): Omit<WorkerHit, 'index'> | 'large' | undefined {
    let fd: number;
    try {
      fd = fs.openSync(path, OPEN_FLAGS);
    } catch {
      return undefined;
    }
    try {
      const stat = fs.fstatSync(fd);
      if (!stat.isFile() || stat.nlink > 1) return undefined;
      if (procFds && fs.readlinkSync(`/proc/self/fd/${fd}`) !== path) return undefined;
      if (stat.size > setup.maxFileBytes) return 'large';
      if (stat.size >= buffer.length) buffer = Buffer.allocUnsafe(Math.max(stat.size + 1, buffer.length * 2));
      let length = 0;
      for (;;) {
        const read = fs.readSync(fd, buffer, length, buffer.length - length, null);
        if (read === 0) break;
        length += read;
        if (length === buffer.length) {
          if (length > setup.maxFileBytes) return 'large';
          const grown = Buffer.allocUnsafe(buffer.length * 2);
          buffer.copy(grown, 0, 0, length);
          buffer = grown;
        }
      }
      return searchBytes(buffer.subarray(0, length), stat.mtimeMs);
    } catch {
      return undefined;
    } finally {
      fs.closeSync(fd);
    }
  }

  function searchBytes(bytes: Buffer, mtimeMs: number): Omit<WorkerHit, 'index'> | undefined {
    if (bytes.length === 0) return undefined;
    const nul = bytes.indexOf(0);
    if (nul !== -1 && nul < BINARY_WINDOW) return undefined;
    if (literal !== undefined && bytes.indexOf(literal) === -1) return undefined;
    if (nul !== -1 && setup.mode !== 'files_with_matches') return undefined;
    const text = bytes.toString('utf8');
    const phantom = text.charCodeAt(text.length - 1) === 10;
    regex.lastIndex = 0;
    if (setup.mode === 'files_with_matches') {
      const found = regex.exec(text);
      if (found === null || (found.index === text.length && phantom)) return undefined;
      if (nul !== -1 && found.index >= text.indexOf('\0')) return undefined;
      return { count: 1, mtimeMs, groups: [] };
    }
    const lines = setup.multiline ? multilineMatches(text, phantom) : lineMatches(text, phantom);
    if (lines.length === 0) return undefined;
    const groups = setup.mode === 'content' ? contentGroups(text, lines) : [];
    return { count: lines.length, mtimeMs: 0, groups };
  }

  /** A cursor over line numbers that only moves forward. */
  function lineCursor(text: string) {
    const cursor = { line: 1, start: 0, next: text.indexOf('\n') };
    const moveTo = (position: number) => {
      while (cursor.next !== -1 && cursor.next < position) {
        cursor.line += 1;
        cursor.start = cursor.next + 1;
        cursor.next = text.indexOf('\n', cursor.start);
      }
      return cursor.line;
    };
    return { cursor, moveTo };
  }

  function lineMatches(text: string, phantom: boolean): number[] {
    const lines: number[] = [];
    const { cursor, moveTo } = lineCursor(text);
    for (;;) {
      const found = regex.exec(text);
      if (found === null || (found.index === text.length && phantom)) break;
      lines.push(moveTo(found.index));
      if (cursor.next === -1) break;
      regex.lastIndex = cursor.next + 1;
    }
    return lines;
  }

  function multilineMatches(text: string, phantom: boolean): number[] {
    const lines: number[] = [];
    const { moveTo } = lineCursor(text);
    for (;;) {
      const found = regex.exec(text);
      if (found === null || (found.index === text.length && phantom)) break;
      const size = found[0].length;
      const first = moveTo(found.index);
      const last = size === 0 ? first : moveTo(found.index + size - 1);
      for (let line = Math.max(first, (lines.at(-1) ?? 0) + 1); line <= last; line++) lines.push(line);
      if (size === 0) {
        const code = text.charCodeAt(found.index);
        regex.lastIndex = found.index + (code >= 0xd800 && code <= 0xdbff ? 2 : 1);
      }
    }
    return lines;
  }

  function contentGroups(text: string, lines: number[]): WorkerLine[][] {
    const matched = new Set(lines);
    const ranges: [number, number][] = [];
    for (const line of lines) {
      const from = Math.max(1, line - setup.before);
      const to = line + setup.after;
      const last = ranges.at(-1);
      if (last !== undefined && from <= last[1] + 1) last[1] = Math.max(last[1], to);
      else ranges.push([from, to]);
    }
    const groups: WorkerLine[][] = [];
    const { cursor, moveTo } = lineCursor(text);
    for (const [from, to] of ranges) {
      const group: WorkerLine[] = [];
      for (let n = from; n <= to; n++) {
        // Move to the first character of line n: past the line break that ends line n - 1.
        while (cursor.line < n && cursor.next !== -1) moveTo(cursor.next + 1);
        if (cursor.line < n || cursor.start >= text.length) break;
        const end = cursor.next === -1 ? text.length : cursor.next;
        const size = end - cursor.start;
        const line: WorkerLine =
          size > KEEP_CHARS
            ? { n, text: text.slice(cursor.start, cursor.start + KEEP_CHARS), match: matched.has(n), length: size }
            : { n, text: text.slice(cursor.start, end), match: matched.has(n) };
        group.push(line);
      }
      if (group.length > 0) groups.push(group);
    }
    return groups;
  }
}

/**
 * The text a worker thread is started from. The two names it defines are the helpers a transpiler may
 * have written into the function's text: `__name` (keep-names) and `__require` (the package's esbuild
 * bundle turns each bare `require` into it); in the worker both mean the plain thing.
 */
export function workerSource(): string {
  return `const __name = (target) => target;\nconst __require = require;\n(${searchWorker.toString()})();`;
}
