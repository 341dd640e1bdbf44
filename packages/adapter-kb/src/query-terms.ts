/** The most words of a query that are searched for. */
const MAX_TERMS = 32;

/** One word of a query; `prefix` when it ended in `*`. */
export interface QueryTerm {
  readonly word: string;
  readonly prefix: boolean;
}

/**
 * The words of a query: runs of letters, marks and digits, each optionally ending in `*` for a prefix.
 * Everything else (quotes, `-`, `:`, parentheses, FTS5 operators in any case) only separates words, so
 * no query is ever read as FTS5 syntax.
 */
export function queryTerms(query: string): QueryTerm[] {
  const found = query.normalize('NFC').matchAll(/([\p{L}\p{M}\p{N}]+)(\*?)/gu);
  return [...found].slice(0, MAX_TERMS).map((match) => ({ word: match[1] ?? '', prefix: match[2] === '*' }));
}

/** An FTS5 expression matching passages with every term (`AND`) or any (`OR`); each term a quoted string. */
export function matchExpression(terms: readonly QueryTerm[], join: 'AND' | 'OR'): string {
  return terms.map((term) => `"${term.word}"${term.prefix ? '*' : ''}`).join(` ${join} `);
}
