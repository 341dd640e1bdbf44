import type { ChunkLine, ParsedPatch, PatchChunk, PatchSection, UpdateSection } from './patch-model.js';

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const ADD = '*** Add File:';
const DELETE = '*** Delete File:';
const UPDATE = '*** Update File:';
const MOVE = '*** Move to: ';
const END_OF_FILE = '*** End of File';
/** The first line of a shell here-document some models wrap the patch in. */
const HEREDOC = new Set(['<<EOF', "<<'EOF'", '<<"EOF"']);
/** A unified-diff range header (`@@ -12,5 +12,6 @@ text`): its ranges are ignored, its text kept. */
const UNIFIED_RANGE = /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@ ?(.*)$/;
/** Longest stretch of an offending line quoted back in a message. */
const QUOTED = 200;

/** A grammar error at a 1-based line of the input as sent. */
class PatchSyntaxError extends Error {}

/** `'text'`, cut when long. */
export function quoteLine(text: string): string {
  return `'${text.length > QUOTED ? `${text.slice(0, QUOTED)}…` : text}'`;
}

/**
 * Parses the Codex patch format with its leniencies: surrounding blank lines and spaces, CRLF line
 * breaks, padded Begin/End markers, a `<<'EOF'` here-document wrapper, padded section headers, blank
 * lines between sections and between chunks, a first chunk without `@@`. Ours on top: paths are trimmed,
 * several `@@ <text>` lines may stack before a body, `@@` followed by spaces only is a bare `@@`, and a unified-diff `@@ -a,b +c,d @@` header counts
 * as its trailing text. Never throws: a malformed patch is `{ ok: false, message }`.
 */
export function parsePatch(input: string): ParsedPatch {
  try {
    return { ok: true, sections: parseLines(input) };
  } catch (error) {
    if (error instanceof PatchSyntaxError) return { ok: false, message: error.message };
    throw error;
  }
}

function parseLines(input: string): PatchSection[] {
  const all = input.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  let first = all.findIndex((line) => line.trim() !== '');
  if (first === -1) {
    throw new PatchSyntaxError(`The patch is empty. Send the whole patch, from '${BEGIN}' to '${END}'.`);
  }
  let last = all.findLastIndex((line) => line.trim() !== '');
  if (!isBoundary(all, first, last)) {
    const wrapped =
      HEREDOC.has((all[first] as string).trim()) && (all[last] as string).trim().endsWith('EOF') && last - first >= 3;
    if (!wrapped) throw boundaryError(all, first, last);
    first += 1;
    last -= 1;
    if (!isBoundary(all, first, last)) throw boundaryError(all, first, last);
  }
  const reader = new Reader(all, first + 1, last);
  const sections: PatchSection[] = [];
  while (!reader.done()) {
    if (reader.peek().trim() === '') {
      reader.next();
      continue;
    }
    sections.push(parseSection(reader));
  }
  if (sections.length === 0) {
    throw new PatchSyntaxError(
      `The patch changes no file: put at least one '${ADD}', '${DELETE}' or '${UPDATE}' section between '${BEGIN}' and '${END}'.`,
    );
  }
  return sections;
}

function isBoundary(lines: readonly string[], first: number, last: number): boolean {
  return first < last && lines[first]?.trim() === BEGIN && lines[last]?.trim() === END;
}

function boundaryError(lines: readonly string[], first: number, last: number): PatchSyntaxError {
  if (lines[first]?.trim() !== BEGIN) {
    return new PatchSyntaxError(
      `The first line of a patch must be '${BEGIN}', but line ${first + 1} is ${quoteLine(lines[first] ?? '')}. Send the whole patch, from '${BEGIN}' to '${END}'.`,
    );
  }
  return new PatchSyntaxError(
    `The last line of a patch must be '${END}', but line ${last + 1} is ${quoteLine(lines[last] ?? '')}: the patch may have been cut short. Send it again, whole.`,
  );
}

/** The lines between the Begin and End markers, with their line numbers in the input. */
class Reader {
  constructor(
    private readonly lines: readonly string[],
    private index: number,
    private readonly end: number,
  ) {}
  done(): boolean {
    return this.index >= this.end;
  }
  peek(): string {
    return this.lines[this.index] as string;
  }
  /** 1-based number of the line `peek()` returns. */
  lineNumber(): number {
    return this.index + 1;
  }
  next(): string {
    const line = this.peek();
    this.index += 1;
    return line;
  }
}

function parseSection(reader: Reader): PatchSection {
  const line = reader.lineNumber();
  const raw = reader.next();
  const header = raw.trim();
  if (header.startsWith(ADD)) {
    const path = pathOf(header, ADD, line);
    let content = '';
    while (!reader.done() && reader.peek().startsWith('+')) content += `${reader.next().slice(1)}\n`;
    return { kind: 'add', path, line, content };
  }
  if (header.startsWith(DELETE)) return { kind: 'delete', path: pathOf(header, DELETE, line), line };
  if (header.startsWith(UPDATE)) return parseUpdate(reader, pathOf(header, UPDATE, line), line);
  throw new PatchSyntaxError(
    `Line ${line}: ${quoteLine(raw)} is not a section header. A file's section starts with '${ADD} <path>', '${DELETE} <path>' or '${UPDATE} <path>', and every line of an added file starts with '+'.`,
  );
}

function pathOf(header: string, marker: string, line: number): string {
  const path = header.slice(marker.length).trim();
  if (path === '') throw new PatchSyntaxError(`Line ${line}: ${quoteLine(header)} names no file.`);
  return path;
}

function parseUpdate(reader: Reader, path: string, line: number): UpdateSection {
  let moveTo: string | undefined;
  if (!reader.done() && reader.peek().startsWith(MOVE)) {
    const moveLine = reader.lineNumber();
    moveTo = pathOf(reader.next().trim(), MOVE, moveLine);
  }
  const chunks: PatchChunk[] = [];
  while (!reader.done()) {
    const next = reader.peek();
    if (next.trim() === '') {
      reader.next();
      continue;
    }
    if (next.startsWith('***')) break;
    chunks.push(parseChunk(reader, chunks.length === 0));
  }
  if (chunks.length === 0) {
    throw new PatchSyntaxError(
      `Line ${line}: the section '${UPDATE} ${path}' has no changes. Give at least one chunk of ' ' (unchanged), '-' (removed) and '+' (added) lines, or leave the section out.`,
    );
  }
  return moveTo === undefined ? { kind: 'update', path, line, chunks } : { kind: 'update', path, line, moveTo, chunks };
}

function parseChunk(reader: Reader, isFirst: boolean): PatchChunk {
  const line = reader.lineNumber();
  const contexts: string[] = [];
  let headers = 0;
  while (!reader.done()) {
    const header = chunkHeader(reader.peek());
    if (header === undefined) break;
    reader.next();
    headers += 1;
    if (header !== '') contexts.push(header);
  }
  if (headers === 0 && !isFirst) {
    throw new PatchSyntaxError(
      `Line ${line}: ${quoteLine(reader.peek())} cannot start a chunk. A chunk after the first one starts with '@@' (optionally followed by a line of the file to find), and each of its lines starts with ' ', '-' or '+'.`,
    );
  }
  const lines: ChunkLine[] = [];
  let endOfFile = false;
  while (!reader.done()) {
    const next = reader.peek();
    if (next === END_OF_FILE) {
      if (lines.length === 0) break;
      reader.next();
      endOfFile = true;
      break;
    }
    const kind = next === '' ? ' ' : next[0];
    if (kind !== ' ' && kind !== '-' && kind !== '+') {
      if (lines.length === 0) {
        throw new PatchSyntaxError(
          `Line ${reader.lineNumber()}: ${quoteLine(next)} is not a chunk line. Every line of a chunk starts with ' ' (an unchanged line), '-' (a removed line) or '+' (an added line).`,
        );
      }
      break;
    }
    lines.push({ kind, text: next.slice(1) });
    reader.next();
  }
  if (lines.length === 0) {
    throw new PatchSyntaxError(
      `Line ${line}: the chunk starting here has no lines. After '@@', give its unchanged (' '), removed ('-') and added ('+') lines.`,
    );
  }
  return { line, contexts, lines, endOfFile };
}

/** The text to find for a chunk header line (`''` for a bare `@@`), or `undefined` when it is not one. */
function chunkHeader(line: string): string | undefined {
  if (line === '@@') return '';
  if (!line.startsWith('@@ ')) return undefined;
  const unified = UNIFIED_RANGE.exec(line);
  const text = unified === null ? line.slice(3) : (unified[1] ?? '');
  // `@@ ` with only spaces after it is a bare `@@` whose padding nobody can see.
  return text.trim() === '' ? '' : text;
}
