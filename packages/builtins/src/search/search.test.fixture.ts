// A throwaway tree for the search tests: ignore files at several levels with negations, a .git folder,
// binary files, hidden files, unicode names and text, CRLF, long lines, links leading out; every file
// with its own modification time so "newest first" is stable.
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createEngine, type Run } from '@wesgine/runtime';
import { builtins } from '../index.js';

const engine = createEngine({ tools: builtins });

const numbered = Array.from({ length: 20 }, (_, index) => {
  const n = index + 1;
  return [3, 5, 12, 20].includes(n) ? `line ${n} MARK here` : `line ${n}`;
}).join('\n');

export const TREE: Readonly<Record<string, string | Buffer>> = {
  '.gitignore': '*.log\nbuild/\n!keep.log\nsecret*\n',
  '.ignore': 'ignored-by-dot-ignore.txt\n',
  '.git/HEAD': 'ref: refs/heads/main TODO\n',
  '.git/config': '[core] TODO\n',
  '.git/info/exclude': 'excluded.txt\n',
  '.hg/store': 'TODO\n',
  'excluded.txt': 'TODO excluded by .git/info/exclude\n',
  'ignored-by-dot-ignore.txt': 'TODO\n',
  '.hidden/notes.md': 'TODO in a hidden folder\n',
  '.env.example': 'TODO=1\n',
  'README.md': '# Project\nTODO: write the docs\nSee main.\n',
  'app.log': 'TODO in a log\n',
  'keep.log': 'TODO kept by a negation\n',
  'secret-key.txt': 'TODO secret\n',
  'build/out.js': 'TODO built\n',
  'src/main.ts':
    'export function main() {\n  // TODO: café and naïve text\n  return "ÉCOLE école";\n}\nconst mainly = 42;\n',
  'src/util.py': 'def main():\n\t# todo lower case\n\treturn 1234\n',
  'src/.gitignore': 'generated/\n*.tmp\n!important.tmp\n',
  'src/generated/gen.ts': 'TODO generated\n',
  'src/x.tmp': 'TODO tmp\n',
  'src/important.tmp': 'TODO important\n',
  'src/deep/a/b/c/deep.rs': 'fn main() {\n    // TODO deep\n}\n',
  'crlf.txt': 'line one\r\nTODO two\r\nthree\r\n',
  'long.txt': `${'x'.repeat(3000)}TODO${'y'.repeat(10)}\nshort TODO\n`,
  'binary.bin': Buffer.concat([Buffer.from('TODO\n'), Buffer.from([0, 1, 2, 3]), Buffer.from('TODO again\n')]),
  'late-nul.txt': `TODO early\n${'filler line\n'.repeat(20_000)}\u0000TODO late\n`,
  'unicode/名前.txt': '日本語 TODO テキスト\nΑλφα beta γάμμα\n',
  'no-newline.txt': 'first\nlast TODO',
  'empty.txt': '',
  'context.txt': `${numbered}\n`,
  'multi.txt': 'start\nfoo\nbar\nend\nfoo bar\nfoo\nbar\n',
  'weird name [1].txt': 'TODO bracket\n',
};

export interface SearchCell {
  readonly work: string;
  readonly outside: string;
  /** One call in a fresh run, so the cycle detector never steps in. */
  call(tool: string, args: Record<string, unknown>): ReturnType<Run['call']>;
}

export function searchCell(tree: Readonly<Record<string, string | Buffer>> = TREE): SearchCell {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-search-')));
  const work = join(root, 'work');
  const outside = join(root, 'outside');
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'leak.txt'), 'TODO outside the work folder\n');
  const base = Date.UTC(2024, 0, 1) / 1000;
  Object.entries(tree).forEach(([path, content], index) => {
    const full = join(work, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
    utimesSync(full, base + index * 60, base + index * 60);
  });
  symlinkSync(outside, join(work, 'link-out'));
  symlinkSync(join(work, 'README.md'), join(work, 'readme-link.md'));
  const cell = engine.createCell({ workDir: work, dataDir: join(root, 'data') });
  return { work, outside, call: (tool, args) => cell.run().call(tool, args) };
}
