import { ShellRefusal } from './shell-refusal.js';

const NAMES: Readonly<Record<string, string>> = {
  '\0': 'a NUL character',
  '\r': 'a carriage return',
  '\v': 'a vertical tab',
  '\f': 'a form feed',
  '\x1b': 'an escape character',
  '\u00a0': 'a non-breaking space',
  '\u200b': 'a zero-width space',
  '\ufeff': 'a zero-width no-break space',
};

function describe(character: string): string {
  const code = (character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
  return `${NAMES[character] ?? 'the character'} (U+${code})`;
}

/** Characters bash takes as part of a word but that look like a blank, or that are invisible. */
export function isUnicodeSpace(code: number): boolean {
  return (
    code === 0x00a0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

function forbiddenAnywhere(code: number): boolean {
  return (
    (code < 0x20 && code !== 0x09 && code !== 0x0a) ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x2069) ||
    code === 0xfeff
  );
}

/**
 * Refuses control characters (but tab and newline), invisible and direction-changing characters and
 * lone surrogates anywhere in the line: bash would not read the line the way it is displayed.
 */
export function checkCharacters(text: string, base: number): void {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(index + 1);
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        index++;
        continue;
      }
      throw new ShellRefusal(
        'control-character',
        `The command line contains a broken UTF-16 surrogate at offset ${base + index}, which cannot be passed to bash unchanged.`,
        base + index,
      );
    }
    if (forbiddenAnywhere(code)) {
      throw new ShellRefusal(
        'control-character',
        `The command line contains ${describe(text.charAt(index))} at offset ${base + index}; bash would not read the line the way it looks, so it is refused. Remove the character.`,
        base + index,
      );
    }
  }
}

/** The refusal for a unicode space outside quotes, where bash takes it as part of a word. */
export function unicodeSpaceRefusal(character: string, at: number): ShellRefusal {
  return new ShellRefusal(
    'control-character',
    `The command line contains ${describe(character)} outside quotes at offset ${at}; bash takes it as part of a word, not as a space. Use a plain space.`,
    at,
  );
}
