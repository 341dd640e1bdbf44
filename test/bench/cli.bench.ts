// `gen` and `check` as a user runs them: each case is a real `node packages/codegen/bin/wesgine-tools.js`
// process on a one-tool pack made by `init` + `new`, timed from spawn to exit. The references are
// measured in the same run, interleaved: an empty Node process (`node -e ""`) and `tsc --noEmit` on the
// same pack. Needs the built CLI (`npx turbo run build`); run from the repo root:
//   node --conditions=@wesgine/source --expose-gc --import tsx test/bench/cli.bench.ts
// With WESGINE_BENCH_BEFORE=<path to another build's bin/wesgine-tools.js>, the same four cases run with
// that build too, interleaved with these, on a pack of their own: a before/after in one run.
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
// The references run on a generated copy (tsc needs the generated types and the stub).
cpSync(pristine, pack, { recursive: true });
cli(pack, 'gen');

let edits = 0;

interface Job {
  readonly name: string;
  readonly cwd: string;
  readonly prepare?: () => void;
  readonly command: readonly string[];
  /** What stdout must say, so a case that silently did something else is not timed. */
  readonly expect?: string;
}

/** The four CLI cases for one build of the CLI, on its own copy of the pack. */
function cliJobs(build: string, folder: string, label: string): Job[] {
  const handler = join(folder, 'src/handlers/notes.search.ts');
  const fresh = () => {
    rmSync(folder, { recursive: true, force: true });
    cpSync(pristine, folder, { recursive: true });
  };
  return [
    {
      name: `${label}gen, cold (init + new, first gen: 19 files, a stub, full type check)`,
      cwd: folder,
      prepare: fresh,
      command: [build, 'gen'],
      expect: 'handler stubs written',
    },
    { name: `${label}gen, re-run with nothing changed`, cwd: folder, command: [build, 'gen'], expect: 'up to date' },
    {
      name: `${label}check, nothing changed`,
      cwd: folder,
      command: [build, 'check'],
      expect: 'generated files are current',
    },
    {
      name: `${label}check after editing the handler`,
      cwd: folder,
      prepare: () => appendFileSync(handler, `// edit ${++edits}\n`),
      command: [build, 'check'],
      expect: 'generated files are current',
    },
  ];
}

const before = process.env.WESGINE_BENCH_BEFORE;
const jobs: Job[] = [
  { name: 'reference: node -e ""', cwd: pack, command: ['-e', ''] },
  { name: 'reference: tsc --noEmit on the pack', cwd: pack, command: [tsc, '--noEmit', '-p', 'tsconfig.json'] },
  ...cliJobs(bin, pack, ''),
  ...(before === undefined ? [] : cliJobs(before, join(temp, 'before'), 'before: ')),
];

function timed(job: Job): number {
  job.prepare?.();
  (globalThis as { gc?: () => void }).gc?.();
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, job.command, {
    cwd: job.cwd,
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
