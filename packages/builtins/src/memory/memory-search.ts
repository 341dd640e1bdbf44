import { ToolError } from '@wesgine/schema';
import { lineAt } from '../files/literal-replace.js';
import { fileCount, STORED_NOTES_LABEL } from './memory-label.js';
import { MEMORY_ROOT } from './memory-path.js';
import { MATCH_END, MATCH_START, type MemoryHit, type MemoryStore } from './memory-store.js';

/** How many files a search returns unless told. */
export const DEFAULT_LIMIT = 10;
/** The most words of a query that are searched for. */
const MAX_WORDS = 32;
/** The longest snippet shown. */
const MAX_SNIPPET = 300;

/** One file found, as `data` carries it: `line` is where the first match in its text is. */
export interface MemorySearchHit {
  readonly path: string;
  readonly line?: number;
  readonly snippet: string;
}

/**
 * The words of a query, for FTS5: runs of letters, marks and digits. Everything else (quotes, `*`, `-`,
 * `:`, parentheses) only separates words, so no query can be read as FTS5 syntax.
 */
export function queryWords(query: string): string[] {
  return (query.normalize('NFC').match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

/** An FTS5 expression matching files with every word (`AND`) or any word (`OR`); each word a quoted string. */
export function matchExpression(words: readonly string[], join: 'AND' | 'OR'): string {
  return words.map((word) => `"${word}"`).join(` ${join} `);
}

/**
 * `search`: files whose path or text hold every word of the query, best first (bm25, a word in the path
 * counting double); when no file holds them all, the files that hold some of them.
 */
export function searchMemory(
  store: MemoryStore,
  query: string,
  limit: number,
): { text: string; data: { hits: MemorySearchHit[]; allWords: boolean } } {
  const words = queryWords(query);
  if (words.length === 0) {
    throw new ToolError(
      'invalid_arguments',
      `the query ${JSON.stringify(query)} has no words to look for; search by words made of letters or digits.`,
    );
  }
  let allWords = true;
  let found = store.search(matchExpression(words, 'AND'), limit);
  if (found.length === 0 && words.length > 1) {
    allWords = false;
    found = store.search(matchExpression(words, 'OR'), limit);
  }
  const hits = found.map(toHit);
  const quoted = JSON.stringify(query);
  if (hits.length === 0) {
    return {
      text: `No memory file matches ${quoted}. Try other words, or view ${MEMORY_ROOT} to see what is stored.`,
      data: { hits, allWords },
    };
  }
  const header = allWords
    ? `${fileCount(hits.length)} ${hits.length === 1 ? 'matches' : 'match'} ${quoted}, best first.`
    : `No file holds every word of ${quoted}; ${fileCount(hits.length)} ${hits.length === 1 ? 'holds' : 'hold'} some of them, best first.`;
  const body = hits.map((hit) => {
    const where = hit.line === undefined ? ' (its name matches)' : ` (line ${hit.line})`;
    return `${hit.path}${where}\n  ${hit.snippet}`;
  });
  return { text: [`${header} ${STORED_NOTES_LABEL}`, ...body].join('\n'), data: { hits, allWords } };
}

/** A hit as shown: matched words in [brackets], on one line, with the line of the first match. */
function toHit(hit: MemoryHit): MemorySearchHit {
  const plain = hit.snippet.replaceAll(MATCH_START, '').replaceAll(MATCH_END, '');
  const start = plain === '' ? -1 : hit.text.indexOf(plain);
  const mark = hit.snippet.indexOf(MATCH_START);
  const flat = hit.snippet.replaceAll(MATCH_START, '[').replaceAll(MATCH_END, ']').replace(/\s+/g, ' ').trim();
  const cut = flat.length > MAX_SNIPPET ? `${flat.slice(0, MAX_SNIPPET)}…` : flat;
  const before = start > 0 ? '…' : '';
  const after = start !== -1 && start + plain.length < hit.text.length && !cut.endsWith('…') ? '…' : '';
  const snippet = `${before}${cut}${after}`;
  if (start === -1 || mark === -1) return { path: hit.path, snippet };
  return { path: hit.path, line: lineAt(hit.text, start + mark), snippet };
}
