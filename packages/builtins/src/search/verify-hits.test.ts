import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatGrep } from './format-grep.js';
import { translateRustRegex } from './rust-regex.js';
import type { FileHit, OutputMode, SearchOutcome } from './search-types.js';
import { provePage } from './verify-hits.js';

// What ripgrep would print had it read an outside file through a name swapped for a link, made to stand
// still: hits whose lines or matches are not in the inside file. grep shows none of them, makes the page
// again without them, and counts them.

function folder(): string {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-verify-hits-')));
  writeFileSync(join(base, 'good.txt'), 'one\ntwo NEEDLE\r\nthree\n');
  writeFileSync(join(base, 'swapped.txt'), 'inside, no match here\n');
  writeFileSync(join(base, 'later.txt'), 'x\nNEEDLE later\n');
  return base;
}

function page(base: string, mode: OutputMode, hits: FileHit[], headLimit = 250) {
  const outcome: SearchOutcome = { engine: 'ripgrep', hits, partial: false, slow: [], large: [], unproven: true };
  const options = {
    mode,
    lineNumbers: true,
    context: false,
    headLimit,
    offset: 0,
    display: (path: string) => path,
    subject: '"NEEDLE" in the work folder',
    maxLines: 100_000,
    fileTimeMs: 3000,
  };
  const regex = translateRustRegex('NEEDLE', { ignoreCase: false, multiline: false });
  return provePage(outcome, { base, mode, regex }, (each) => formatGrep(each, options));
}

const line = (n: number, text: string) => [{ n, text, match: true }];

describe('provePage', () => {
  it('shows content lines only when they are the file’s own bytes, and says how many it left out', () => {
    const base = folder();
    const proven = page(base, 'content', [
      { path: 'good.txt', count: 1, mtimeMs: 0, groups: [line(2, 'two NEEDLE\r')] },
      { path: 'swapped.txt', count: 1, mtimeMs: 0, groups: [line(1, 'TOP SECRET NEEDLE')] },
      { path: 'missing.txt', count: 1, mtimeMs: 0, groups: [line(1, 'NEEDLE')] },
    ]);
    expect(proven.formatted.text).toBe(
      'Found 1 matching line in 1 file for "NEEDLE" in the work folder:\ngood.txt:2:two NEEDLE',
    );
    expect(proven.changed).toBe(2);
  });

  it('shows a name or a count only when the pattern matches the file itself, proving page after page', () => {
    const base = folder();
    const hits = (): FileHit[] => [
      { path: 'swapped.txt', count: 3, mtimeMs: 3, groups: [] },
      { path: 'good.txt', count: 1, mtimeMs: 2, groups: [] },
      { path: 'later.txt', count: 1, mtimeMs: 1, groups: [] },
    ];
    // A page of one: the newest (swapped) fails, the next page is made and proven in its place.
    const files = page(base, 'files_with_matches', hits(), 1);
    expect(files.formatted.text).toBe(
      'Found 2 files for "NEEDLE" in the work folder (newest first); showing files 1-1 of 2:\ngood.txt\n(1 more files: call again with offset: 1 to see them, or narrow the search with path, glob, type or a more specific pattern.)',
    );
    expect(files.changed).toBe(1);
    const counts = page(base, 'count', hits());
    expect(counts.formatted.text).toBe(
      'Found 2 matching lines in 2 files for "NEEDLE" in the work folder:\ngood.txt:1\nlater.txt:1',
    );
  });

  it('leaves an outcome that needs no proof (the Node search) as it is', () => {
    const base = folder();
    const outcome: SearchOutcome = {
      engine: 'node',
      hits: [{ path: 'swapped.txt', count: 1, mtimeMs: 0, groups: [line(1, 'as the worker read it')] }],
      partial: false,
      slow: [],
      large: [],
    };
    const regex = translateRustRegex('x', { ignoreCase: false, multiline: false });
    const result = provePage(outcome, { base, mode: 'content', regex }, () => ({
      text: 'formatted',
      total: 1,
      shown: 1,
      files: 1,
      paths: ['swapped.txt'],
    }));
    expect(result).toMatchObject({ changed: 0, outcome });
  });
});
