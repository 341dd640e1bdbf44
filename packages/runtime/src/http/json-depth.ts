import { MAX_ARGUMENT_DEPTH } from '@wesgine/schema';

/**
 * How deep a JSON body may nest arrays and objects: the body object itself is level 1, so a call's
 * `args` may nest as deep as the pipeline takes arguments (`MAX_ARGUMENT_DEPTH`), and no deeper text is
 * ever parsed. Real tool arguments nest a handful of levels.
 */
export const JSON_DEPTH_LIMIT = MAX_ARGUMENT_DEPTH + 1;

/**
 * Whether `text` nests arrays and objects deeper than `limit`, read as JSON text without parsing it:
 * one pass, no recursion and no allocation, so a body of a million `[` costs a scan, not a stack.
 * Brackets inside strings do not count. The text need not be valid JSON; the parse judges that after.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth++;
      if (depth > limit) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
