// What the plugin host costs a call: `run.call` of a plugin's echo tool through a cell (validation,
// governance, audit, the host's JSON-RPC, the child in the OS sandbox) against a bare NDJSON round trip
// to the same program spawned plainly, in the same run, interleaved. Latency: one call at a time
// (p50, p99). Throughput: 100 calls in flight. Goals (issue 11): p50 within 1.2x, throughput >= 0.8x.
// Run: node --expose-gc --conditions=@wesgine/source --import tsx test/bench/plugin.bench.ts
import { spawn } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createEngine } from '../../packages/runtime/src/index.js';
import { Type } from '../../packages/schema/src/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const ECHO = join(here, '_echo-plugin.mjs');
const ROUNDS = 10;
const CALLS_PER_ROUND = 300;
const IN_FLIGHT = 100;
const THROUGHPUT_CALLS = 2000;

// The bare side: the same program, spawned plainly, one JSON line out and one back per call.
const child = spawn(process.execPath, [ECHO], { stdio: ['pipe', 'pipe', 'inherit'] });
const waiting = new Map<number, (text: string) => void>();
createInterface({ input: child.stdout }).on('line', (line) => {
  const { id, result } = JSON.parse(line) as { id: number; result: { text: string } };
  waiting.get(id)?.(result.text);
  waiting.delete(id);
});
let nextId = 1;
let serial = 0;
function bare(given: string): Promise<string> {
  const text = `${given} ${serial++}`;
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { text } } })}\n`,
    );
  });
}

const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-plugin-bench-')));
const cell = createEngine().createCell({
  workDir,
  plugins: [
    { name: 'echo', command: process.execPath, args: [ECHO] },
    // The same program outside the OS sandbox, under another tool name: what the sandbox adds.
    { name: 'plain', command: process.execPath, args: [ECHO, '--as', 'echo_plain'], sandbox: false },
  ],
});
await cell.ready();
const run = cell.run();
// Each call's text differs (in both cases), as a model's calls would: the CycleDetector stops repeats.
async function viaCell(text: string): Promise<string> {
  const result = await run.call('echo', { text: `${text} ${serial++}` });
  if (result.isError) throw new Error(result.text);
  return result.text;
}

// The pipeline's own share: the same echo as an in-process SDK tool of the same cell.
cell.tools().register({
  name: 'echo_sdk',
  description: 'Echoes.',
  parameters: Type.Object({ text: Type.String() }),
  handler: ({ text }) => text,
});
// The pipeline's async path: an in-process handler that answers on the next turn and reads its signal
// (as a source's handler must, to hear cancellation): the ceiling of any out-of-process source.
cell.tools().register({
  name: 'echo_async',
  description: 'Echoes later.',
  parameters: Type.Object({ text: Type.String() }),
  handler: ({ text }, context) => {
    void context.signal;
    return new Promise<string>((resolve) => setImmediate(() => resolve(text)));
  },
});
async function inProcessAsync(text: string): Promise<string> {
  return (await run.call('echo_async', { text: `${text} ${serial++}` })).text;
}
async function viaPlain(text: string): Promise<string> {
  return (await run.call('echo_plain', { text: `${text} ${serial++}` })).text;
}
async function inProcess(text: string): Promise<string> {
  return (await run.call('echo_sdk', { text: `${text} ${serial++}` })).text;
}

const cases = [
  { name: 'bare NDJSON round trip', call: bare },
  { name: 'plugin call through a cell', call: viaCell },
  { name: 'plugin call through a cell, sandbox off', call: viaPlain },
  { name: 'in-process SDK tool through the same cell', call: inProcess },
  { name: 'in-process async SDK tool reading its signal', call: inProcessAsync },
];
const latencies = cases.map(() => [] as number[]);
const throughputs = cases.map(() => [] as number[]);
for (const item of cases) for (let index = 0; index < 200; index++) await item.call('warm');
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, item] of cases.entries()) {
    for (let call = 0; call < CALLS_PER_ROUND; call++) {
      const started = process.hrtime.bigint();
      await item.call(`call ${call}`);
      latencies[index]?.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    const started = process.hrtime.bigint();
    let sent = 0;
    const worker = async () => {
      while (sent < THROUGHPUT_CALLS) {
        sent++;
        await item.call('load');
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    throughputs[index]?.push(THROUGHPUT_CALLS / (Number(process.hrtime.bigint() - started) / 1e9));
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const median = (values: number[]) => quantile(values, 0.5);
const [bareLatency = [], cellLatency = [], plainLatency = []] = latencies;
const [bareThroughput = [], cellThroughput = [], plainThroughput = []] = throughputs;
console.log('| case | p50 ms | p99 ms | calls/s (100 in flight, median of rounds) |');
console.log('|---|---|---|---|');
for (const [index, item] of cases.entries()) {
  const values = latencies[index] ?? [];
  console.log(
    `| ${item.name} | ${quantile(values, 0.5).toFixed(3)} | ${quantile(values, 0.99).toFixed(3)} | ${median(throughputs[index] ?? []).toFixed(0)} |`,
  );
}
const ratios = (latency: number[], throughput: number[]) =>
  `p50 ${(quantile(latency, 0.5) / quantile(bareLatency, 0.5)).toFixed(2)}x, p99 ${(quantile(latency, 0.99) / quantile(bareLatency, 0.99)).toFixed(2)}x, throughput ${(median(throughput) / median(bareThroughput)).toFixed(2)}x`;
console.log(`\nratios (cell / bare): ${ratios(cellLatency, cellThroughput)}`);
// Like with like: the same program spawned plainly on both sides, only the host and the pipeline between.
console.log(`ratios, sandbox off (cell / bare): ${ratios(plainLatency, plainThroughput)}`);
console.log(
  `sandboxed: ${cell
    .plugins()
    .list()
    .map((plugin) => `${plugin.name} ${plugin.sandboxed}`)
    .join(
      ', ',
    )}; ${ROUNDS} rounds of ${CALLS_PER_ROUND} sequential calls and ${THROUGHPUT_CALLS} calls ${IN_FLIGHT} at a time, per case`,
);

await cell.stop();
child.kill();
rmSync(workDir, { recursive: true, force: true });
