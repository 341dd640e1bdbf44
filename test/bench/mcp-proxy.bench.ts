// The latency of one MCP tool call through a cell's proxy (`cell.mcps()`: run.call, the whole pipeline,
// then tools/call) against the official SDK client calling the same tool of the same server program
// directly. Two instances of `mcp-server-everything` (stdio), one per side, both started through
// `launchServer` in the cell's OS sandbox (so the sandbox is not what is measured); calls alternate one by one
// between the sides so the machine's noise falls on both alike. Reports p50 and p99 and their ratios
// (goal: p50 within 1.1x, p99 within 1.25x).
// Run: node --conditions=@wesgine/source --expose-gc --import tsx test/bench/mcp-proxy.bench.ts
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createEngine, type Run } from '../../packages/runtime/src/index.js';
import { launchServer } from '../../packages/runtime/src/sandbox/launch-server.js';

const CALLS = Number(process.env.MCP_BENCH_CALLS ?? 3000);
const WARM_UP = 300;
/** A fresh run every so many calls: the CycleDetector's streak rules never warn or block a measured call. */
const PER_RUN = 20;
const everything = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);

const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-mcp-bench-')));
const cell = createEngine().createCell({ workDir });
await cell.mcps().upsert({
  name: 'everything',
  transport: 'stdio',
  command: process.execPath,
  args: [everything, 'stdio'],
  tools: ['echo'],
});
const launched = await launchServer(cell, { sourceId: 'mcp:raw', argv: [process.execPath, everything, 'stdio'] });
const raw = new Client({ name: 'bench', version: '0' });
await raw.connect(
  new StdioClientTransport({
    command: launched.command,
    args: [...launched.args],
    env: { ...launched.env },
    cwd: launched.cwd,
    stderr: 'ignore',
  }),
);
await raw.listTools();

let run: Run = cell.run();
let n = 0;
async function proxied(): Promise<void> {
  const result = await run.call('echo', { message: `m${n++}` });
  if (result.isError) throw new Error(`a proxied call failed: ${result.text}`);
}
async function direct(): Promise<void> {
  const result = await raw.callTool({ name: 'echo', arguments: { message: `m${n++}` } });
  if (result.isError === true) throw new Error('a direct call failed');
}

for (let index = 0; index < WARM_UP; index++) {
  if (index % PER_RUN === 0) run = cell.run();
  await proxied();
  await direct();
}
const times = { proxy: [] as number[], raw: [] as number[] };
for (let index = 0; index < CALLS; index++) {
  // Which side goes first alternates too, so neither always follows the other's garbage.
  // A new run is made outside the timing: a run is made once per turn of an agent, not per call.
  if (index % PER_RUN === 0) run = cell.run();
  const order = index % 2 === 0 ? (['proxy', 'raw'] as const) : (['raw', 'proxy'] as const);
  for (const side of order) {
    const started = process.hrtime.bigint();
    await (side === 'proxy' ? proxied() : direct());
    times[side].push(Number(process.hrtime.bigint() - started) / 1e6);
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const row = (name: string, values: number[]) =>
  `| ${name} | ${percentile(values, 50).toFixed(3)} | ${percentile(values, 99).toFixed(3)} |`;
const ratio = (p: number) => percentile(times.proxy, p) / percentile(times.raw, p);
console.log(
  [
    `### One MCP tool call (echo over stdio), ${CALLS} calls a side, interleaved`,
    '',
    '| case | p50 ms | p99 ms |',
    '|---|---:|---:|',
    row('raw SDK client', times.raw),
    row("cell's MCP proxy (run.call)", times.proxy),
    '',
    `p50 ratio ${ratio(50).toFixed(3)} (goal 1.1), p99 ratio ${ratio(99).toFixed(3)} (goal 1.25)`,
  ].join('\n'),
);

const sandboxed = cell.mcps().list()[0]?.sandboxed;
console.log(`\nBoth servers inside the OS sandbox: ${launched.sandboxed && sandboxed === true}`);
await raw.close();
await launched.close();
await cell.stop();
rmSync(workDir, { recursive: true, force: true });
