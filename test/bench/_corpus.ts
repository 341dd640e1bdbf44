// A deterministic source-like tree for the search benchmarks: about 34,000 files and 220 MB of text in
// nested folders, with .gitignore files at several levels (ignored build output, logs and a negation)
// and an empty .git folder, so plain `rg` honours them too. Written once under the temp folder and
// reused while its stamp matches.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const VERSION = 'corpus-v1';
const PACKAGES = 48;
const FOLDERS_PER_PACKAGE = 14;
const FILES_PER_FOLDER = 50;
const EXTENSIONS = ['ts', 'ts', 'ts', 'js', 'py', 'rs', 'go', 'md', 'json', 'txt'] as const;

/** A small seeded generator (mulberry32), so every run writes the same bytes. */
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

const WORDS = (
  'the value of index count result error request response handler buffer stream parse format config ' +
  'option module export import return const let function class interface type string number boolean ' +
  'async await promise resolve reject callback event listener server client cache store query table ' +
  'column row record field schema model view controller service provider factory builder adapter'
).split(' ');

function lineBank(next: () => number): string[] {
  const lines: string[] = [];
  const word = () => WORDS[Math.floor(next() * WORDS.length)] as string;
  for (let index = 0; index < 6000; index++) {
    const kind = next();
    const words = Array.from({ length: 3 + Math.floor(next() * 9) }, word).join(' ');
    if (kind < 0.3) lines.push(`  const ${word()}_${index} = ${word()}(${word()}, ${Math.floor(next() * 1000)});`);
    else if (kind < 0.45) lines.push(`  // ${words}`);
    else if (kind < 0.55) lines.push(`export function ${word()}_${word()}_handler(${word()}: ${word()}) {`);
    else if (kind < 0.6) lines.push('}');
    else if (kind < 0.62) lines.push(`  fn ${word()}_handler(${word()}) -> Result<(), Error> {`);
    else lines.push(`  ${words};`);
  }
  return lines;
}

export interface Corpus {
  readonly root: string;
  readonly files: number;
  readonly bytes: number;
}

/** The corpus folder, written on the first call (about 20 s) and reused afterwards. */
export function corpus(): Corpus {
  const root = join(tmpdir(), `wesgine-search-${VERSION}`);
  const stamp = join(root, '.corpus-stamp');
  if (existsSync(stamp)) return JSON.parse(readFileSync(stamp, 'utf8')) as Corpus;
  rmSync(root, { recursive: true, force: true });
  const next = random(20240601);
  const bank = lineBank(next);
  let files = 0;
  let bytes = 0;
  const write = (path: string, text: string) => {
    writeFileSync(path, text);
    files += 1;
    bytes += Buffer.byteLength(text);
  };
  mkdirSync(join(root, '.git'), { recursive: true });
  write(join(root, '.gitignore'), 'dist/\n*.log\n!keep.log\n');
  for (let pkg = 0; pkg < PACKAGES; pkg++) {
    const pkgDir = join(root, 'packages', `pkg-${pkg}`);
    mkdirSync(pkgDir, { recursive: true });
    if (pkg % 4 === 0) write(join(pkgDir, '.gitignore'), 'generated/\n*.tmp\n');
    for (let folder = 0; folder < FOLDERS_PER_PACKAGE; folder++) {
      const depth = folder % 4;
      const parts = ['src', ...Array.from({ length: depth }, (_, level) => `level-${level}-${folder}`)];
      if (folder === 13) parts.splice(0, 1, 'dist');
      if (folder === 12 && pkg % 4 === 0) parts.splice(0, 1, 'generated');
      const dir = join(pkgDir, ...parts);
      mkdirSync(dir, { recursive: true });
      for (let file = 0; file < FILES_PER_FOLDER; file++) {
        const extension = EXTENSIONS[Math.floor(next() * EXTENSIONS.length)] as string;
        const lineCount = 20 + Math.floor(next() * 230);
        const lines: string[] = [];
        for (let line = 0; line < lineCount; line++) lines.push(bank[Math.floor(next() * bank.length)] as string);
        if (next() < 0.006)
          lines.splice(Math.floor(next() * lines.length), 0, '  throw new Error("ERR_CONNECTION_RESET");');
        write(join(dir, `file-${file}.${extension}`), `${lines.join('\n')}\n`);
      }
      if (folder % 5 === 0) write(join(dir, 'debug.log'), `${bank.slice(0, 200).join('\n')}\n`);
    }
  }
  const summary: Corpus = { root, files, bytes };
  writeFileSync(stamp, JSON.stringify(summary));
  return summary;
}
