/** How loosely a run of lines matched: each pass forgives a little more than the one before. */
export type MatchPass = 'exact' | 'trim-end' | 'trim' | 'fold';

const PASSES: readonly (readonly [MatchPass, (line: string) => string])[] = [
  ['exact', (line) => line],
  ['trim-end', (line) => line.trimEnd()],
  ['trim', (line) => line.trim()],
  ['fold', (line) => foldPunctuation(line.trim())],
];

/** Dashes and minus signs, curly single and double quotes, and unusual spaces, as their ASCII look-alikes. */
const FOLDED: ReadonlyMap<string, string> = new Map([
  ...['\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212'].map((c) => [c, '-'] as const),
  ...['\u2018', '\u2019', '\u201a', '\u201b'].map((c) => [c, "'"] as const),
  ...['\u201c', '\u201d', '\u201e', '\u201f'].map((c) => [c, '"'] as const),
  ...['\u00a0', '\u2002', '\u2003', '\u2004', '\u2005', '\u2006', '\u2007', '\u2008', '\u2009', '\u200a']
    .concat(['\u202f', '\u205f', '\u3000'])
    .map((c) => [c, ' '] as const),
]);
const FOLDABLE = new RegExp(`[${[...FOLDED.keys()].join('')}]`, 'g');

/** `text` with typographic punctuation and spaces replaced by the ASCII characters a model types. */
export function foldPunctuation(text: string): string {
  return text.replace(FOLDABLE, (c) => FOLDED.get(c) ?? c);
}

/** Where a run of lines was found, and by which pass. */
export interface LineMatch {
  readonly index: number;
  readonly pass: MatchPass;
}

/** A file's lines, with each pass's normalised form computed once, when first needed. */
export class FileLines {
  private readonly forms = new Map<MatchPass, readonly string[]>();
  constructor(readonly lines: readonly string[]) {}

  private form(pass: MatchPass, normalise: (line: string) => string): readonly string[] {
    let form = this.forms.get(pass);
    if (form === undefined) {
      form = pass === 'exact' ? this.lines : this.lines.map(normalise);
      this.forms.set(pass, form);
    }
    return form;
  }

  /**
   * The first position at or after `from` where `pattern` occurs, trying every position with one pass
   * before the next, looser one. `atEnd`: only the position that ends at the last line counts.
   */
  seek(pattern: readonly string[], from: number, atEnd: boolean): LineMatch | undefined {
    const last = this.lines.length - pattern.length;
    if (pattern.length === 0 || last < from) return undefined;
    const start = atEnd ? last : from;
    for (const [pass, normalise] of PASSES) {
      const form = this.form(pass, normalise);
      const wanted = pass === 'exact' ? pattern : pattern.map(normalise);
      const first = wanted[0];
      for (let index = start; index <= last; index += 1) {
        if (form[index] !== first) continue;
        let offset = 1;
        while (offset < wanted.length && form[index + offset] === wanted[offset]) offset += 1;
        if (offset === wanted.length) return { index, pass };
      }
    }
    return undefined;
  }
}
