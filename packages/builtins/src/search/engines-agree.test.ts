// ripgrep and the Node search give the same text on the same tree, for a table of patterns and options.
import { afterAll, describe, expect, it } from 'vitest';
import { ripgrepPath, useGrepEngine } from './ripgrep-path.js';
import { searchCell } from './search.test.fixture.js';

const cell = searchCell();
afterAll(() => useGrepEngine('auto'));

const CASES: readonly Record<string, unknown>[] = [
  { pattern: 'TODO' },
  { pattern: 'TODO', output_mode: 'content' },
  { pattern: 'TODO', output_mode: 'count' },
  { pattern: 'todo', '-i': true, output_mode: 'content' },
  { pattern: '(?i)todo', output_mode: 'count' },
  { pattern: 'TODO', glob: '*.md', output_mode: 'content' },
  { pattern: 'TODO', glob: 'src/**' },
  { pattern: 'TODO', glob: '!*.md' },
  { pattern: 'TODO', glob: '*.{ts,rs}' },
  { pattern: 'TODO', glob: '*.log' },
  { pattern: 'TODO', type: 'ts', output_mode: 'content' },
  { pattern: 'main', type: 'py', output_mode: 'content' },
  { pattern: 'TODO', type: 'md' },
  { pattern: '\\bmain\\b', output_mode: 'content' },
  { pattern: 'caf\\w', output_mode: 'content' },
  { pattern: 'école', '-i': true, output_mode: 'content' },
  { pattern: '^TODO', output_mode: 'content' },
  { pattern: 'two$', output_mode: 'content' },
  { pattern: 'two.$', output_mode: 'content' },
  { pattern: '\\d+', output_mode: 'count' },
  { pattern: '[[:upper:]]{4}', output_mode: 'count' },
  { pattern: '\\p{Greek}+', output_mode: 'content' },
  { pattern: '日本語', output_mode: 'content' },
  { pattern: 'foo\\nbar', multiline: true, output_mode: 'content' },
  { pattern: 'start.*end', multiline: true, output_mode: 'content' },
  { pattern: 'foo.bar', multiline: true, output_mode: 'count' },
  { pattern: 'r\\nf', multiline: true },
  { pattern: 'MARK', path: 'context.txt', output_mode: 'content', '-A': 2 },
  { pattern: 'MARK', path: 'context.txt', output_mode: 'content', '-B': 1 },
  { pattern: 'MARK', path: 'context.txt', output_mode: 'content', '-C': 3 },
  { pattern: 'MARK', output_mode: 'content', '-C': 1, '-n': false },
  { pattern: 'TODO', output_mode: 'content', '-n': false },
  { pattern: 'x{100}', output_mode: 'content' },
  { pattern: 'TODO', head_limit: 3, offset: 2 },
  { pattern: 'TODO', output_mode: 'content', head_limit: 0 },
  { pattern: 'TODO', output_mode: 'content', head_limit: 4, offset: 4 },
  { pattern: 'TODO', path: 'src' },
  { pattern: 'TODO', path: 'src/main.ts', output_mode: 'content' },
  { pattern: 'TODO', path: '.hidden' },
  { pattern: 'nothing-here' },
  { pattern: 'TODO|MARK', output_mode: 'count' },
  { pattern: 'line (1|2)\\d', output_mode: 'content' },
  { pattern: '\\.', output_mode: 'count', glob: '*.txt' },
  { pattern: 'é', output_mode: 'content' },
  { pattern: '\\/', output_mode: 'count' },
  { pattern: '(?x) T O D O  # spaced', output_mode: 'count' },
  { pattern: 'a(?i)B', output_mode: 'content' },
  { pattern: '[a-z&&[^aeiou]]{6}', output_mode: 'count' },
  { pattern: 'x*', output_mode: 'count', glob: '{crlf,no-newline,empty}.txt' },
  { pattern: '^', output_mode: 'content', path: 'no-newline.txt' },
];

describe.skipIf(ripgrepPath() === undefined)('ripgrep and the Node search agree', () => {
  it.each(CASES.map((args) => [JSON.stringify(args), args] as const))('%s', async (_, args) => {
    useGrepEngine('ripgrep');
    const viaRipgrep = await cell.call('grep', args);
    useGrepEngine('node');
    const viaNode = await cell.call('grep', args);
    expect(viaRipgrep.data).toMatchObject({ engine: 'ripgrep' });
    expect(viaNode.data).toMatchObject({ engine: 'node' });
    expect(viaNode.isError).toBe(false);
    expect(viaNode.text).toBe(viaRipgrep.text);
  });
});
