import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { KbSearchArgs } from '../../generated/types.gen.js';
import { kbOf } from '../kb-cells.js';
import { count, DOCUMENT_TEXT_LABEL, folderList, kbFolderArgument } from '../kb-text.js';
import { matchExpression, queryTerms } from '../query-terms.js';
import { type FoundPassage, formatHit, type SearchHit, toSearchHit } from '../search-hits.js';
import { shownPath } from '../shown-path.js';

/** How many passages a search returns unless told. */
const DEFAULT_LIMIT = 10;
/** How many pages of documents are read past the ones the run may not see before giving up on filling the limit. */
const MAX_PAGES = 8;
/** The most passages shown from one document, so that a search shows more than one document. */
const PER_DOCUMENT = 3;

/**
 * Handles `kb.search`: documents holding every word, best first by bm25, each with up to three of its
 * passages holding matches (most matches first); when no document holds them all, those holding some. Hits in files the calling run may not read (a run's narrower Zone) are left out.
 */
export const kbSearch: ToolHandler<KbSearchArgs> = async (args, context) => {
  const kb = await kbOf(context);
  const terms = queryTerms(args.query);
  const quoted = JSON.stringify(args.query);
  if (terms.length === 0) {
    throw new ToolError(
      'invalid_arguments',
      `the query ${quoted} has no words to look for; search with words made of letters or digits.`,
    );
  }
  const under = kbFolderArgument(kb, context.resolvedPaths.get('/folder'), args.folder);
  const limit = args.limit ?? DEFAULT_LIMIT;
  const allowed = new Map<string, boolean>();
  const mayRead = (path: string) => {
    const known = allowed.get(path);
    if (known !== undefined) return known;
    const verdict = context.mayRead(path);
    allowed.set(path, verdict);
    return verdict;
  };
  const find = async (match: string): Promise<FoundPassage[]> => {
    const kept: FoundPassage[] = [];
    const page = limit + 5;
    for (let round = 0; round < MAX_PAGES && kept.length < limit; round++) {
      const found = await kb.store.search({ match, limit: page, offset: round * page, under });
      for (const document of found) {
        if (kept.length >= limit || !mayRead(document.path)) continue;
        for (const passage of document.passages.slice(0, Math.min(PER_DOCUMENT, limit - kept.length))) {
          kept.push({ ...passage, path: document.path, kind: document.kind, score: document.score });
        }
      }
      if (found.length < page) break;
    }
    return kept;
  };
  let allWords = true;
  let found = await find(matchExpression(terms, 'AND'));
  if (found.length === 0 && terms.length > 1) {
    allWords = false;
    found = await find(matchExpression(terms, 'OR'));
  }
  const where = args.folder === undefined ? '' : ` under ${args.folder}`;
  if (found.length === 0) {
    return {
      text: `No passage in the knowledge base${where} matches ${quoted}. Try other or fewer words, or see what it holds with kb.list (folders: ${folderList(kb)}).`,
      data: { hits: [], allWords },
    };
  }
  const shown = (path: string) => shownPath(path, kb.spec.workDir);
  const hits: SearchHit[] = found.map((hit) => toSearchHit(hit, shown(hit.path)));
  const passages = count(found.length, 'passage');
  const header = allWords
    ? `${passages}${where} ${found.length === 1 ? 'matches' : 'match'} ${quoted}, best first. ${DOCUMENT_TEXT_LABEL}`
    : `No passage${where} holds every word of ${quoted}; ${passages} ${found.length === 1 ? 'holds' : 'hold'} some of them, best first. ${DOCUMENT_TEXT_LABEL}`;
  const body = found.map((hit) => formatHit(hit, shown(hit.path)));
  return { text: [header, ...body].join('\n\n'), data: { hits, allWords } };
};
