// Bounded, human-readable renderings of argument values for issue messages. A model may send a huge
// argument; nothing here copies more than a few dozen characters of it into a message.

const SHOWN_CHARACTERS = 40;
const SHOWN_KEYS = 5;

/** A JSON literal for a value from a schema (`const`, `enum`), cut to about 40 characters: `"abc"`, `{"a":1,…`. */
export function literal(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > SHOWN_CHARACTERS ? `${cut(text)}…` : text;
}

/** `"abc"`, or `"the first 40 characters…"` for a longer string. */
export function quote(text: string): string {
  if (text.length <= SHOWN_CHARACTERS) return needsEscape(text) ? JSON.stringify(text) : `"${text}"`;
  return `${JSON.stringify(cut(text)).slice(0, -1)}…"`;
}

// JSON.stringify is a call into the runtime; most short strings need no escaping at all.
function needsEscape(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) return true;
  }
  return false;
}

/** What the model sent, as `"5" (a string)`, `null`, `an array of 3 items` or `an object with keys "a", "b"`. */
export function describeValue(value: unknown): string {
  // Kept small so the optimiser inlines it into the generated code: the common cases first.
  if (typeof value === 'number') return `${value} (a number)`;
  if (typeof value === 'string' && value.length <= SHOWN_CHARACTERS && !needsEscape(value))
    return `"${value}" (a string)`;
  return describeOther(value);
}

function describeOther(value: unknown): string {
  switch (typeof value) {
    case 'string':
      if (value.length > SHOWN_CHARACTERS) return `${quote(value)} (a string of ${countCodePoints(value)} characters)`;
      return `${JSON.stringify(value)} (a string)`;
    case 'boolean':
      return value ? 'true (a boolean)' : 'false (a boolean)';
    case 'undefined':
      return 'nothing (undefined)';
    case 'object':
      if (value === null) return 'null';
      if (Array.isArray(value)) return `an array of ${plural(value.length, 'item')}`;
      return describeObject(value);
    default:
      return `a ${typeof value}`;
  }
}

function describeObject(value: object): string {
  const keys: string[] = [];
  let more = false;
  for (const key in value) {
    if (keys.length === SHOWN_KEYS) {
      more = true;
      break;
    }
    keys.push(quote(key));
  }
  if (keys.length === 0) return 'an empty object';
  return `an object with ${keys.length === 1 && !more ? 'key' : 'keys'} ${keys.join(', ')}${more ? ', …' : ''}`;
}

/** `1 item`, `3 items`. */
export function plural(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}

/** `a`, `a or b`, `a, b or c` (`and` when asked). */
export function joinWords(words: readonly string[], last: 'or' | 'and' = 'or'): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}`;
}

/** Literals for a list of allowed values, at most `limit` of them. */
export function literalList(values: readonly unknown[], limit = 12): string {
  const shown = values.slice(0, limit).map(literal);
  if (values.length > limit) return `${shown.join(', ')}, … (${values.length} in all)`;
  return joinWords(shown);
}

/** The length of a string in Unicode code points, as JSON Schema counts `minLength` / `maxLength`. */
export function countCodePoints(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        index++;
      }
    }
  }
  return count;
}

// The texts of the first array indexes, made once: a pointer such as `/edits/3/new_string` then costs a
// table read instead of a number-to-string conversion (measured: about 10 % of the edit schema's issue list).
const INDEX_TEXTS: readonly string[] = Array.from({ length: 256 }, (_, index) => String(index));

/** The pointer segment for array index `index`: `"3"`. */
export function indexSegment(index: number): string {
  return index < INDEX_TEXTS.length ? (INDEX_TEXTS[index] as string) : String(index);
}

/** One JSON pointer segment (RFC 6901): `~` becomes `~0`, `/` becomes `~1`. */
export function escapePointer(segment: string): string {
  return segment.includes('~') || segment.includes('/') ? segment.replace(/~/g, '~0').replace(/\//g, '~1') : segment;
}

function cut(text: string): string {
  const head = text.slice(0, SHOWN_CHARACTERS);
  const last = head.charCodeAt(head.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? head.slice(0, -1) : head;
}
