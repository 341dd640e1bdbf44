// The kb adapter against the plainest ways of doing its two jobs, in one run, interleaved:
// - indexing 10,000 Markdown files: a cell's first index (walk, governance's judgement of each file, a
//   race-free read, a hash, passages with their lines, FTS5 in large transactions) against a script
//   that walks the folder and inserts each file whole into an FTS5 table in one transaction (goal: 1.5x);
// - kb.search through run.call (lookup, validation, governance, the handler's query, the judgement of
//   each hit, its passages cut out, shaping, audit) against the same FTS5 query run directly on the same
//   index (goal: 1.3x).
// Run: node --conditions=@wesgine/source --expose-gc --import tsx test/bench/kb.bench.ts
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { kbAdapter } from '../../packages/adapter-kb/src/index.js';
import { createEngine } from '../../packages/runtime/src/index.js';
import { compareAsync, table } from './_measure.js';

const FILES = 10_000;
const WORDS = (
  'harbour tide ferry lighthouse keeper signal storm gale anchor rope sail mast deck cargo crane dock ' +
  'quay pier buoy channel current reef shoal beacon compass chart log watch crew captain mate engine ' +
  'valve pump hatch hull keel rudder propeller winch cable chain net catch fish gull tern heron otter ' +
  'seal whale dolphin kelp sand shell rock cliff cove bay inlet estuary river delta marsh fog mist rain'
).split(' ');

/** A seeded generator (mulberry32), so every run writes the same corpus. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * 10,000 Markdown notes of 1-3 KB (headings, paragraphs, lists) in 100 folders. Words come from a
 * vocabulary of 3,000 made-up words drawn by a Zipf law, with one word in ten from the harbour list
 * above, so a query's words are neither everywhere nor nowhere, as in real notes.
 */
function writeCorpus(root: string): number {
  const next = random(13);
  const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'be', 'da', 'fu', 'go', 'hi', 'po', 'ze'];
  const vocabulary = Array.from({ length: 3000 }, (_, index) => {
    let made = '';
    for (let left = index + 15; left > 0; left = Math.floor(left / 15)) made += syllables[left % 15];
    return made;
  });
  const zipf = () =>
    vocabulary[
      Math.min(vocabulary.length - 1, Math.floor(Math.exp(next() * Math.log(vocabulary.length))) - 1)
    ] as string;
  const word = () => (next() < 0.1 ? (WORDS[Math.floor(next() * WORDS.length)] as string) : zipf());
  const sentence = () => {
    const words = Array.from({ length: 6 + Math.floor(next() * 10) }, word).join(' ');
    return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
  };
  let bytes = 0;
  for (let folder = 0; folder < 100; folder++) {
    mkdirSync(join(root, `area-${folder}`), { recursive: true });
    for (let file = 0; file < FILES / 100; file++) {
      const lines = [`# Note ${folder}-${file}: ${word()} ${word()}`, ''];
      for (let section = 0; section < 2 + Math.floor(next() * 3); section++) {
        lines.push(`## ${word()} ${word()}`, '');
        for (let paragraph = 0; paragraph < 2; paragraph++) {
          lines.push(sentence(), sentence(), sentence(), '');
        }
        lines.push(`- ${sentence()}`, `- ${sentence()}`, '');
      }
      const text = lines.join('\n');
      bytes += text.length;
      writeFileSync(join(root, `area-${folder}`, `note-${file}.md`), text);
    }
  }
  return bytes;
}

const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-kb-bench-')));
const work = join(root, 'work');
const docs = join(work, 'docs');
const bytes = writeCorpus(docs);
console.log(`corpus: ${FILES.toLocaleString('en-US')} Markdown files, ${(bytes / 1e6).toFixed(1)} MB under ${docs}\n`);

const engine = createEngine({ adapters: [kbAdapter] });
let round = 0;

/** The plain script: walk, read, insert each file whole into FTS5, one transaction, a fresh database. */
function walkAndInsert(): number {
  const file = join(root, `plain-${round++}.sqlite`);
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.exec("CREATE VIRTUAL TABLE docs USING fts5(path UNINDEXED, body, tokenize = 'porter unicode61')");
  const insert = database.prepare('INSERT INTO docs (path, body) VALUES (?, ?)');
  let count = 0;
  database.transaction(() => {
    const stack = [docs];
    for (let dir = stack.pop(); dir !== undefined; dir = stack.pop()) {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) stack.push(path);
        else if (entry.isFile() && entry.name.endsWith('.md')) {
          insert.run(path, readFileSync(path, 'utf8'));
          count++;
        }
      }
    }
  })();
  database.close();
  rmSync(file, { force: true });
  rmSync(`${file}-wal`, { force: true });
  rmSync(`${file}-shm`, { force: true });
  return count;
}

/** A cell's first index of the same folder, in a fresh data folder. */
async function firstIndex(): Promise<void> {
  const data = join(root, `data-${round++}`);
  const cell = engine.createCell({ workDir: work, dataDir: data, kb: { folders: ['docs'] } });
  await cell.ready();
  await cell.stop();
  rmSync(data, { recursive: true, force: true });
}

const indexing = await compareAsync(
  [
    { name: 'walk and insert (script)', run: async () => walkAndInsert() },
    { name: 'kb first index', run: firstIndex },
  ],
  5,
);
console.log(
  table('indexing 10,000 Markdown files, ms per index, lower is better', 'ms', indexing, 'walk and insert (script)'),
);

// Search: one cell's index, queried through the tool and directly.
const data = join(root, 'data-search');
const cell = engine.createCell({ workDir: work, dataDir: data, kb: { folders: ['docs'] } });
await cell.ready();
const direct = new Database(join(data, 'kb', 'index.sqlite'), { readonly: true });
// What a search needs from the index: the best documents by bm25, their text with the matches marked,
// and where their passages lie (the tool asks for its limit plus five documents, as here).
const query = direct.prepare(
  `SELECT d.path, d.passages, f.marked, f.score
   FROM (SELECT rowid, highlight(kb_search, 0, char(1), char(2)) AS marked, rank AS score
         FROM kb_search WHERE kb_search MATCH ? ORDER BY rank LIMIT ?) f
   JOIN kb_documents d ON d.id = f.rowid
   ORDER BY f.score`,
);
const QUERIES = ['lighthouse keeper', 'otter', 'storm gale anchor', 'estuary delta', 'whale'];
const SEARCHES = 200;
const matchOf = (text: string) =>
  text
    .split(' ')
    .map((word) => `"${word}"`)
    .join(' AND ');
for (const text of QUERIES) {
  const viaTool = await cell.run().call('kb.search', { query: text });
  const rows = query.all(matchOf(text), 15) as { path: string }[];
  const first = (viaTool.data as { hits: { path: string }[] }).hits[0]?.path;
  if (viaTool.isError || rows.length === 0 || first !== rows[0]?.path.slice(work.length + 1)) {
    throw new Error(`the tool and the direct query disagree on ${JSON.stringify(text)}: ${viaTool.text.slice(0, 200)}`);
  }
}
const searching = await compareAsync(
  [
    {
      name: 'direct FTS5 query',
      run: async () => {
        for (let n = 0; n < SEARCHES; n++) query.all(matchOf(QUERIES[n % QUERIES.length] as string), 15);
      },
    },
    {
      name: 'kb.search via run.call',
      run: async () => {
        for (let n = 0; n < SEARCHES; n++) await cell.run().call('kb.search', { query: QUERIES[n % QUERIES.length] });
      },
    },
  ],
  7,
);
console.log(table(`kb.search, ms per ${SEARCHES} searches, lower is better`, 'ms', searching, 'direct FTS5 query'));
direct.close();
await cell.stop();

const ratio = (rows: typeof indexing, name: string, reference: string) =>
  (rows.find((row) => row.name === name)?.median ?? Number.NaN) /
  (rows.find((row) => row.name === reference)?.median ?? Number.NaN);
const indexRatio = ratio(indexing, 'kb first index', 'walk and insert (script)');
const searchRatio = ratio(searching, 'kb.search via run.call', 'direct FTS5 query');
console.log(
  `indexing: ${indexRatio.toFixed(2)}x the script (goal: at most 1.5x) ${indexRatio <= 1.5 ? 'met' : 'MISSED'}`,
);
console.log(
  `search: ${searchRatio.toFixed(2)}x the direct query (goal: at most 1.3x) ${searchRatio <= 1.3 ? 'met' : 'MISSED'}`,
);
rmSync(root, { recursive: true, force: true });
