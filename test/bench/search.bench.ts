// grep and glob against ripgrep and fast-glob on a 220 MB, 34,000-file corpus (written once, reused).
// Our grep through run.call on each engine vs `rg -l` alone; our glob vs `rg --files -g` and fast-glob.
// Run: node --expose-gc --import tsx test/bench/search.bench.ts
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastGlob from 'fast-glob';
import { builtins } from '../../packages/builtins/src/index.js';
import { useGrepEngine } from '../../packages/builtins/src/search/ripgrep-path.js';
import { createEngine } from '../../packages/runtime/src/index.js';
import { corpus } from './_corpus.js';
import { compareAsync, table } from './_measure.js';

const started = Date.now();
const { root, files, bytes } = corpus();
console.log(
  `corpus: ${root}, ${files.toLocaleString('en-US')} files, ${(bytes / 1e6).toFixed(0)} MB (ready in ${Date.now() - started} ms)\n`,
);

const cell = createEngine({ tools: builtins }).createCell({
  workDir: root,
  dataDir: mkdtempSync(join(tmpdir(), 'wesgine-search-bench-')),
});

function rg(args: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('rg', args, { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
    let size = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
    });
    child.on('error', reject);
    child.on('close', () => resolve(size));
  });
}

async function tool(name: string, args: Record<string, unknown>): Promise<unknown> {
  const result = await cell.run().call(name, args);
  if (result.isError) throw new Error(`${name} failed: ${result.text}`);
  return result.data;
}

const RUNS = 7;
const goals: string[] = [];
const median = (rows: readonly { name: string; median: number }[], name: string) =>
  rows.find((row) => row.name === name)?.median ?? Number.NaN;

for (const pattern of ['ERR_CONNECTION_RESET', 'fn\\s+\\w+_handler\\(']) {
  for (const mode of ['files_with_matches', 'content'] as const) {
    const rgMode = mode === 'content' ? ['-n'] : ['-l'];
    // The tool's defaults (head_limit 250): it still collects every match, but writes the model a page.
    const grepArgs = { pattern, output_mode: mode };
    const shown = (await tool('grep', grepArgs)) as { files: number };
    useGrepEngine('node');
    const viaNodeText = await cell.run().call('grep', grepArgs);
    useGrepEngine('ripgrep');
    const viaRipgrepText = await cell.run().call('grep', grepArgs);
    if (viaNodeText.text !== viaRipgrepText.text) throw new Error(`the engines disagree on /${pattern}/ ${mode}`);
    const rows = await compareAsync(
      [
        { name: `rg ${rgMode[0]} (alone)`, run: () => rg([...rgMode, '-e', pattern]) },
        {
          name: 'grep tool, ripgrep',
          run: () => {
            useGrepEngine('ripgrep');
            return tool('grep', grepArgs);
          },
        },
        {
          name: 'grep tool, Node search',
          run: () => {
            useGrepEngine('node');
            return tool('grep', grepArgs);
          },
        },
      ],
      RUNS,
    );
    const title = `grep /${pattern}/ ${mode} (${shown.files} files match), ms per search, lower is better`;
    console.log(table(title, 'ms', rows, `rg ${rgMode[0]} (alone)`));
    const reference = median(rows, `rg ${rgMode[0]} (alone)`);
    const viaRipgrep = median(rows, 'grep tool, ripgrep') / reference;
    const viaNode = median(rows, 'grep tool, Node search') / reference;
    goals.push(
      `- ${mode} /${pattern}/: with ripgrep ${viaRipgrep.toFixed(2)}x rg (goal ≤ 1.1x: ${viaRipgrep <= 1.1 ? 'met' : 'MISSED'}); Node search ${viaNode.toFixed(2)}x rg (goal ≤ 2x: ${viaNode <= 2 ? 'met' : 'MISSED'})`,
    );
  }
}
useGrepEngine('auto');

const GLOB = '**/*.rs';
const globRows = await compareAsync(
  [
    { name: 'rg --files -g (alone)', run: () => rg(['--files', '-g', GLOB]) },
    { name: 'glob tool', run: () => tool('glob', { pattern: GLOB }) },
    { name: 'fast-glob (no ignore files)', run: () => fastGlob(GLOB, { cwd: root }) },
  ],
  RUNS,
);
console.log(table(`glob ${GLOB}, ms per listing, lower is better`, 'ms', globRows, 'rg --files -g (alone)'));
const globRatio = median(globRows, 'glob tool') / median(globRows, 'rg --files -g (alone)');
const fastRatio = median(globRows, 'glob tool') / median(globRows, 'fast-glob (no ignore files)');
goals.push(`- glob: ${globRatio.toFixed(2)}x rg --files -g, ${fastRatio.toFixed(2)}x fast-glob`);
console.log(goals.join('\n'));
process.exit(0);
