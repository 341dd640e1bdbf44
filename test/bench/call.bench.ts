// The overhead of run.call (resolve + validate + cycle + governance + context + shaping + record) over
// calling the same handler directly, for a tool without path arguments and one with a path argument.
// Run: node --expose-gc --import tsx test/bench/call.bench.ts
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '../../packages/runtime/src/index.js';
import { Path, type ToolContext, Type } from '../../packages/schema/src/index.js';
import { summarise, table } from './_measure.js';

const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-call-bench-')));
writeFileSync(join(workDir, 'a.md'), 'x');
const cell = createEngine().createCell({ workDir });
const plain = ({ n }: { n: number }) => `n=${n}`;
const withPath = ({ path }: { path: string }, context: ToolContext) => `${path}:${context.resolvedPaths.size}`;
cell.tools().register({
  name: 'plain',
  description: 'Plain.',
  parameters: Type.Object({ n: Type.Integer() }),
  handler: plain,
});
cell.tools().register({
  name: 'file',
  description: 'File.',
  parameters: Type.Object({ path: Path({ access: 'read' }) }),
  handler: withPath,
});
// A tool with optionals, called in its own shape and as OpenAI strict mode sends it (null for each one
// left out), with the dialect named so the run decodes before it validates.
cell.tools().register({
  name: 'optionals',
  description: 'Optionals.',
  parameters: Type.Object({
    n: Type.Integer(),
    label: Type.Optional(Type.String()),
    limit: Type.Optional(Type.Integer()),
  }),
  handler: plain,
});
const context = { resolvedPaths: new Map([['/path', join(workDir, 'a.md')]]) } as unknown as ToolContext;
const CALLS = 20_000;

// Every measured call must run its handler: a refusal (a cycle block, say) would measure the wrong path.
function check(result: { isError: boolean; text: string }): void {
  if (result.isError) throw new Error(`a benchmark call was refused: ${result.text}`);
}

// A fresh run per sample; the tools are actions and every call's arguments differ, so the CycleDetector
// never blocks (no repeat, no cycle, no exploration streak): this measures the pipeline, not a refusal.
const jobs = [
  {
    name: 'direct: plain handler',
    run: async () => {
      for (let n = 0; n < CALLS; n++) await plain({ n });
    },
  },
  {
    name: 'run.call: plain tool',
    run: async () => {
      const run = cell.run();
      for (let n = 0; n < CALLS; n++) check(await run.call('plain', { n }));
    },
  },
  {
    name: 'direct: path handler',
    run: async () => {
      for (let n = 0; n < CALLS; n++) await withPath({ path: 'a.md' }, context);
    },
  },
  {
    name: 'run.call: tool with a path',
    run: async () => {
      const run = cell.run();
      for (let n = 0; n < CALLS; n++) await check(await run.call('file', { path: `f${n}.md` }));
    },
  },
  {
    name: 'run.call: optionals, own shape',
    run: async () => {
      const run = cell.run();
      for (let n = 0; n < CALLS; n++) check(await run.call('optionals', { n }));
    },
  },
  {
    name: 'run.call: optionals, openai-strict nulls',
    run: async () => {
      const run = cell.run();
      for (let n = 0; n < CALLS; n++) {
        check(await run.call('optionals', { n, label: null, limit: null }, { dialect: 'openai-strict' }));
      }
    },
  },
];

const samples = jobs.map((job) => ({ name: job.name, opsPerSecond: [] as number[] }));
for (const job of jobs) await job.run();
for (let round = 0; round < 7; round++) {
  for (const [index, job] of jobs.entries()) {
    globalThis.gc?.();
    const started = process.hrtime.bigint();
    await job.run();
    const microseconds = Number(process.hrtime.bigint() - started) / 1e3 / CALLS;
    samples[index]?.opsPerSecond.push(microseconds);
  }
}
const rows = samples.map(summarise);
console.log(table('Microseconds per call (lower is better)', 'µs', rows, 'direct: plain handler'));
const median = (name: string) => rows.find((row) => row.name === name)?.median ?? Number.NaN;
const plainOverhead = median('run.call: plain tool') - median('direct: plain handler');
const pathOverhead = median('run.call: tool with a path') - median('direct: path handler');
console.log(
  `- overhead without path arguments: ${plainOverhead.toFixed(2)} µs per call (goal < 3 µs): ${plainOverhead < 3 ? 'met' : 'MISSED'}`,
);
const decodeCost = median('run.call: optionals, openai-strict nulls') - median('run.call: optionals, own shape');
console.log(`- decoding openai-strict arguments: ${decodeCost.toFixed(2)} µs per call`);
console.log(
  `- overhead with one path argument: ${pathOverhead.toFixed(2)} µs per call (goal < 12 µs): ${pathOverhead < 12 ? 'met' : 'MISSED'}`,
);
