/**
 * Additions to a JSON document made in its text, so every other byte stays as the author wrote it
 * (order, spacing, inline objects, line endings): `init` adds to a package.json without reformatting it.
 * The text must already be valid JSON (checked by the caller with `JSON.parse`).
 */

interface Entry {
  /** Where the entry starts: its key in an object, its value in an array. */
  readonly start: number;
  readonly end: number;
}

interface Container {
  readonly open: number;
  readonly close: number;
  readonly entries: readonly Entry[];
  readonly keys: readonly string[];
}

/** Adds `"key": value` as the last member of the top-level object, or of its object member `field`. */
export function addMember(text: string, field: string | undefined, key: string, value: unknown): string {
  const target = field === undefined ? topLevel(text) : memberContainer(text, field);
  return insertLast(text, target, (indent) => `${JSON.stringify(key)}: ${formatted(text, value, indent)}`);
}

/** Appends `value` to the top-level array member `field`. */
export function addElement(text: string, field: string, value: unknown): string {
  return insertLast(text, memberContainer(text, field), (indent) => formatted(text, value, indent));
}

function insertLast(text: string, target: Container, entry: (indent: string) => string): string {
  const last = target.entries.at(-1);
  if (last === undefined) {
    return `${text.slice(0, target.open + 1)} ${entry('')} ${text.slice(target.close)}`;
  }
  const first = target.entries[0] ?? last;
  // A container written over several lines gets the new entry on its own line, indented like the last.
  if (text.slice(target.open, first.start).includes('\n')) {
    const line = text.slice(text.lastIndexOf('\n', last.start) + 1, last.start);
    const indent = /^[ \t]*/.exec(line)?.[0] ?? '';
    const newline = text.includes('\r\n') ? '\r\n' : '\n';
    return `${text.slice(0, last.end)},${newline}${indent}${entry(indent)}${text.slice(last.end)}`;
  }
  return `${text.slice(0, last.end)}, ${entry('')}${text.slice(last.end)}`;
}

/** `value` as JSON: on one line inside a one-line container, else in the file's indentation from `indent`. */
function formatted(text: string, value: unknown, indent: string): string {
  if (indent === '' || typeof value !== 'object' || value === null) return JSON.stringify(value);
  const unit = /^[ \t]+(?=["}\]])/m.exec(text)?.[0] ?? '  ';
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  return JSON.stringify(value, null, unit).split('\n').join(`${newline}${indent}`);
}

function topLevel(text: string): Container {
  return container(text, skipSpace(text, 0));
}

function memberContainer(text: string, field: string): Container {
  const top = topLevel(text);
  const index = top.keys.lastIndexOf(field);
  const entry = top.entries[index];
  if (entry === undefined) throw new Error(`package.json has no "${field}" to add to`);
  return container(text, valueStart(text, entry.start));
}

function container(text: string, open: number): Container {
  const isObject = text[open] === '{';
  const entries: Entry[] = [];
  const keys: string[] = [];
  let at = skipSpace(text, open + 1);
  if (text[at] === '}' || text[at] === ']') return { open, close: at, entries, keys };
  for (;;) {
    const start = at;
    if (isObject) {
      const keyEnd = skipValue(text, at);
      keys.push(JSON.parse(text.slice(at, keyEnd)) as string);
      at = valueStart(text, start);
    }
    const end = skipValue(text, at);
    entries.push({ start, end });
    at = skipSpace(text, end);
    if (text[at] !== ',') return { open, close: at, entries, keys };
    at = skipSpace(text, at + 1);
  }
}

/** Where the value of the member whose key starts at `keyStart` starts. */
function valueStart(text: string, keyStart: number): number {
  const colon = skipSpace(text, skipValue(text, keyStart));
  return skipSpace(text, colon + 1);
}

function skipSpace(text: string, at: number): number {
  let index = at;
  while (index < text.length && ' \t\r\n'.includes(text[index] ?? '')) index++;
  return index;
}

/** The end of the JSON value that starts at `at`. */
function skipValue(text: string, at: number): number {
  const first = text[at];
  if (first === '"') {
    let index = at + 1;
    while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
    return index + 1;
  }
  if (first === '{' || first === '[') {
    let depth = 0;
    for (let index = at; index < text.length; index++) {
      const char = text[index];
      if (char === '"') index = skipValue(text, index) - 1;
      else if (char === '{' || char === '[') depth++;
      else if ((char === '}' || char === ']') && --depth === 0) return index + 1;
    }
    return text.length;
  }
  let index = at;
  while (index < text.length && !' \t\r\n,}]'.includes(text[index] ?? '')) index++;
  return index;
}
