// `gen` and `check` as a user runs them: each case is a real `node packages/codegen/bin/wesgine-tools.js`
// process on a one-tool pack made by `init` + `new`, timed from spawn to exit. The references are
// measured in the same run, interleaved: an empty Node process (`node -e ""`) and `tsc --noEmit` on the
// same pack. Needs the built CLI (`npx turbo run build`); run from the repo root:
//   node --conditions=@wesgine/source --expose-gc --import tsx test/bench/cli.bench.ts
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Summary, summarise } from './_measure.js';

const RUNS = 7;
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = join(repoRoot, 'packages/codegen/bin/wesgine-tools.js');
const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
if (!existsSync(join(repoRoot, 'packages/codegen/dist/cli/main.js'))) {
  throw new Error('the CLI is not built: run `npx turbo run build` first');
}

const temp = mkdtempSync(join(tmpdir(), 'wesgine-cli-bench-'));
// Packages resolve as in an installed project: a node_modules next to the pack.
symlinkSync(join(repoRoot, 'node_modules'), join(temp, 'node_modules'), 'dir');
const pack = join(temp, 'pack');
const pristine = join(temp, 'pristine');

function cli(cwd: string, ...argv: string[]): string {
  const result = spawnSync(process.execPath, [bin, ...argv], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CI: '1' },
  });
  if (result.status !== 0) throw new Error(`wesgine-tools ${argv.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

cli(temp, 'init', 'pristine');
cli(pristine, 'new', 'notes.search');
const handler = join(pack, 'src/handlers/notes.search.ts');

/** The pack as `init` + `new` left it: no generated files, no stub, no state. */
function fresh(): void {
  rmSync(pack, { recursive: true, force: true });
  cpSync(pristine, pack, { recursive: true });
}

fresh();
cli(pack, 'gen');
let edits = 0;

interface Job {
  readonly name: string;
  readonly prepare?: () => void;
  readonly command: readonly string[];
  /** What stdout must say, so a case that silently did something else is not timed. */
  readonly expect?: string;
}

const jobs: Job[] = [
  { name: 'reference: node -e ""', command: ['-e', ''] },
  { name: 'reference: tsc --noEmit on the pack', command: [tsc, '--noEmit', '-p', 'tsconfig.json'] },
  {
    name: 'gen, cold (init + new, first gen: 19 files, a stub, full type check)',
    prepare: fresh,
    command: [bin, 'gen'],
    expect: 'handler stubs written',
  },
  { name: 'gen, re-run with nothing changed', command: [bin, 'gen'], expect: 'up to date' },
  { name: 'check, nothing changed', command: [bin, 'check'], expect: 'generated files are current' },
  {
    name: 'check after editing the handler',
    prepare: () => appendFileSync(handler, `// edit ${++edits}\n`),
    command: [bin, 'check'],
    expect: 'generated files are current',
  },
];

function timed(job: Job): number {
  job.prepare?.();
  (globalThis as { gc?: () => void }).gc?.();
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, job.command, {
    cwd: pack,
    encoding: 'utf8',
    env: { ...process.env, CI: '1' },
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0 || (job.expect !== undefined && !result.stdout.includes(job.expect))) {
    throw new Error(`${job.name}: unexpected result:\n${result.stdout}${result.stderr}`);
  }
  return ms;
}

// One warm-up round (disk cache, V8 flags), then RUNS rounds with the cases interleaved. The cold `gen`
// goes before the re-run and the unchanged `check`, which then find its state.
for (const job of jobs) timed(job);
const samples = jobs.map((job) => ({ name: job.name, opsPerSecond: [] as number[] }));
for (let round = 0; round < RUNS; round++) {
  for (const [index, job] of jobs.entries()) samples[index]?.opsPerSecond.push(timed(job));
}
const rows = samples.map(summarise);

function row(name: string): Summary {
  const found = rows.find((item) => item.name.startsWith(name));
  if (found === undefined) throw new Error(`no row ${name}`);
  return found;
}

const node = row('reference: node').median;
const tscMedian = row('reference: tsc').median;
const goals: Record<string, string> = {
  'gen, cold': 'under 2.5 s',
  'check, nothing changed': 'under 1 s',
};
const format = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
console.log(`One-tool pack made by init + new, in ${pack}; medians of ${RUNS} real processes.\n`);
console.log('| case | median | min | max | ratio to node -e | ratio to tsc --noEmit | goal |');
console.log('|---|---:|---:|---:|---:|---:|---|');
for (const item of rows) {
  const goalKey = Object.keys(goals).find((key) => item.name.startsWith(key));
  const goal =
    goalKey === undefined
      ? ''
      : `${goals[goalKey]}: ${item.median < (goalKey === 'gen, cold' ? 2500 : 1000) ? 'met' : '**missed**'}`;
  console.log(
    `| ${item.name} | ${format(item.median)} | ${format(item.min)} | ${format(item.max)} | ${(item.median / node).toFixed(1)} | ${(item.median / tscMedian).toFixed(2)} | ${goal} |`,
  );
}
rmSync(temp, { recursive: true, force: true });
