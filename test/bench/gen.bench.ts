// Code generation (E-performance.md §7): `generate()` on a 200-tool pack against a reference that writes
// the same output files rendered with plain string templates and JSON.stringify. Run from the repo root:
//   node --expose-gc --import tsx test/bench/gen.bench.ts
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkHandlers } from '../../packages/codegen/src/check/handler-check.js';
import { generate, generateFromPack } from '../../packages/codegen/src/generate.js';
import { type LoadedPack, loadPack } from '../../packages/codegen/src/load/load-pack.js';
import { statePath } from '../../packages/codegen/src/state/fingerprint.js';
import { referenceFiles } from './_gen-reference.js';
import { benchToolSource } from './_gen-tools.js';
import { keep, type Summary, summarise, table } from './_measure.js';

const TOOLS = 200;
const RUNS = 7;
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const temp = mkdtempSync(join(tmpdir(), 'wesgine-gen-bench-'));
symlinkSync(join(repoRoot, 'node_modules'), join(temp, 'node_modules'), 'dir');
const root = join(temp, 'pack');
const referenceRoot = join(temp, 'reference');
mkdirSync(join(root, 'tools'), { recursive: true });
writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'bench-pack', version: '1.0.0', type: 'module' }));
writeFileSync(
  join(root, 'tsconfig.json'),
  JSON.stringify({ extends: join(repoRoot, 'tsconfig.base.json'), compilerOptions: { noEmit: true } }),
);
for (let index = 0; index < TOOLS; index++) {
  const { name, source } = benchToolSource(index);
  writeFileSync(join(root, 'tools', `${name}.tool.ts`), source);
}

function clearOutputs(): void {
  rmSync(join(root, 'generated'), { recursive: true, force: true });
  rmSync(join(root, 'toolpack.json'), { force: true });
  rmSync(statePath(root), { force: true });
  rmSync(referenceRoot, { recursive: true, force: true });
}

async function writeReference(pack: LoadedPack): Promise<number> {
  const files = referenceFiles(pack);
  const folders = new Set(files.map((file) => dirname(join(referenceRoot, file.path))));
  await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
  await Promise.all(files.map((file) => writeFile(join(referenceRoot, file.path), file.contents)));
  return files.length;
}

function ms(started: bigint): number {
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** Like `compareAsync`, with an untimed `prepare` before each timed run (here: delete the outputs). */
async function interleave(
  jobs: readonly { name: string; prepare?: () => void; run: () => Promise<unknown> }[],
  runs = RUNS,
): Promise<Summary[]> {
  const samples = jobs.map((job) => ({ name: job.name, opsPerSecond: [] as number[] }));
  for (const job of jobs) {
    job.prepare?.();
    await job.run();
  }
  for (let round = 0; round < runs; round++) {
    for (const [index, job] of jobs.entries()) {
      job.prepare?.();
      (globalThis as { gc?: () => void }).gc?.();
      const started = process.hrtime.bigint();
      await job.run();
      samples[index]?.opsPerSecond.push(ms(started));
    }
  }
  return samples.map(summarise);
}

// The first run: imports tsx and json-schema-to-typescript, writes every output and 200 stubs.
const started = process.hrtime.bigint();
const first = await generate(root, { typeCheck: false });
const firstMs = ms(started);
const pack = await loadPack(root);
const typeCheckStarted = process.hrtime.bigint();
const { problems: typeProblems } = await checkHandlers(pack, { reuse: false });
const firstTypeCheckMs = ms(typeCheckStarted);
if (typeProblems.length > 0) throw new Error(`the bench pack does not type-check: ${JSON.stringify(typeProblems[0])}`);

const afterLoad = await interleave([
  {
    name: 'reference: templates + JSON.stringify + fs.writeFile',
    prepare: clearOutputs,
    run: () => writeReference(pack),
  },
  {
    name: 'generate() cold, after loading',
    prepare: clearOutputs,
    run: () => generateFromPack(pack, { typeCheck: false }),
  },
]);
const endToEnd = await interleave([
  {
    name: 'reference with loading',
    prepare: clearOutputs,
    run: async () => writeReference(await loadPack(root)),
  },
  { name: 'generate() cold, with loading', prepare: clearOutputs, run: () => generate(root, { typeCheck: false }) },
  {
    name: 'generate() no-change re-run',
    run: async () => {
      const report = await generate(root, { typeCheck: false });
      if (!report.skipped) throw new Error('the no-change re-run did not skip');
      return report;
    },
  },
]);
const load = await interleave([{ name: 'loadPack (tsx import of 200 definitions)', run: () => loadPack(root) }]);
const typeCheck = await interleave(
  [{ name: 'handler type check, nothing reused (200 handlers)', run: () => checkHandlers(pack, { reuse: false }) }],
  3,
);

const outputs = first.added.length;
console.log(`200-tool pack in ${root}: ${outputs} generated files, ${first.stubs.length} stubs\n`);
console.log(
  `- first run (module imports, every output, ${first.stubs.length} stubs written): ${firstMs.toFixed(0)} ms`,
);
console.log(`- first handler type check (TypeScript loaded, program built): ${firstTypeCheckMs.toFixed(0)} ms\n`);
console.log(
  table(
    'Generation after loading (outputs and cache deleted before each run)',
    'ms',
    afterLoad,
    afterLoad[0]?.name ?? '',
  ),
);
console.log(table('End to end, with loading the definitions', 'ms', endToEnd, endToEnd[0]?.name ?? ''));
console.log(table('Loading and type checking', 'ms', [...load, ...typeCheck], load[0]?.name ?? ''));
keep();
rmSync(temp, { recursive: true, force: true });
