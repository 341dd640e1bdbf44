// What starting a long-lived server inside the cell's OS sandbox costs: launchServer's command line
// (program folders found, the roots walked for protected paths, a pids cgroup, bubblewrap, prlimit)
// against the same program spawned plainly, in the same run, interleaved. Two programs: a Node one-liner
// that answers one line on stdout (the start-up alone), and the real `mcp-server-filesystem` connected
// with the SDK client until its initialize handshake is done (what an MCP upsert waits for).
// Run: node --expose-gc --conditions @wesgine/source --import tsx test/bench/launch.bench.ts
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createEngine } from '../../packages/runtime/src/index.js';
import { launchServer } from '../../packages/runtime/src/sandbox/launch-server.js';
import { summarise, table } from './_measure.js';

const SERVER = fileURLToPath(new URL('../../node_modules/.bin/mcp-server-filesystem', import.meta.url));
const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-launch-bench-')));
const workDir = join(root, 'work');
// A small project: 200 files in 20 folders and a .git folder, walked for protected paths at each launch.
for (let folder = 0; folder < 20; folder++) {
  mkdirSync(join(workDir, `src${folder}`), { recursive: true });
  for (let file = 0; file < 10; file++) writeFileSync(join(workDir, `src${folder}`, `f${file}.ts`), 'x\n');
}
mkdirSync(join(workDir, '.git', 'hooks'), { recursive: true });
writeFileSync(join(workDir, '.git', 'config'), '[core]\n');
const cell = createEngine().createCell({ workDir, dataDir: join(root, 'data') });
/** Programs timed per case. */
const ROUNDS = 31;
/** Milliseconds between two programs. */
const PAUSE_MS = 40;
const ONE_LINER = [process.execPath, '-e', 'process.stdout.write("ready\\n")'] as const;

/** Spawns the launched one-liner and waits for its line and its exit. */
async function oneLiner(sandbox: boolean): Promise<void> {
  const launched = await launchServer(cell, { sourceId: 'plugin:bench', argv: [...ONE_LINER], sandbox });
  const child = spawn(launched.command, [...launched.args], {
    env: launched.env,
    cwd: launched.cwd,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  child.stdin.end();
  await new Promise((resolve) => child.once('exit', resolve));
  await launched.close();
  if (out !== 'ready\n') throw new Error(`the one-liner wrote ${JSON.stringify(out)}`);
}

/** Starts the filesystem server and connects the SDK client (initialize done), then closes it. */
async function filesystemServer(sandbox: boolean): Promise<number> {
  const started = process.hrtime.bigint();
  const launched = await launchServer(cell, { sourceId: 'mcp:fs', argv: [SERVER, workDir], sandbox });
  const transport = new StdioClientTransport({
    ...launched,
    args: [...launched.args],
    env: { ...launched.env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  await client.close();
  await launched.close();
  return elapsed;
}

const PLAIN = 'one-liner, plain spawn';
const SANDBOXED = 'one-liner, launchServer sandbox';
const PLAIN_CONNECT = 'server-filesystem connect, plain spawn';
const SANDBOXED_CONNECT = 'server-filesystem connect, launchServer sandbox';
const jobs = [
  { name: PLAIN, run: () => oneLiner(false) },
  { name: SANDBOXED, run: () => oneLiner(true) },
];
const connects = [
  { name: PLAIN_CONNECT, run: () => filesystemServer(false) },
  { name: SANDBOXED_CONNECT, run: () => filesystemServer(true) },
];
const samples = [...jobs, ...connects].map((job) => ({ name: job.name, opsPerSecond: [] as number[] }));
for (const job of jobs) for (let index = 0; index < 3; index++) await job.run();
for (const job of connects) await job.run();
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, job] of jobs.entries()) {
    globalThis.gc?.();
    await delay(PAUSE_MS);
    const started = process.hrtime.bigint();
    await job.run();
    samples[index]?.opsPerSecond.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  for (const [index, job] of connects.entries()) {
    globalThis.gc?.();
    await delay(PAUSE_MS);
    samples[jobs.length + index]?.opsPerSecond.push(await job.run());
  }
}
const rows = samples.map(summarise);
console.log(table('Milliseconds to start, median of 31 (lower is better)', 'ms', rows.slice(0, 2), PLAIN));
console.log(table('Milliseconds to a connected MCP client, median of 31', 'ms', rows.slice(2), PLAIN_CONNECT));
const median = (name: string) => rows.find((row) => row.name === name)?.median ?? Number.NaN;
for (const [plain, sandboxed] of [
  [PLAIN, SANDBOXED],
  [PLAIN_CONNECT, SANDBOXED_CONNECT],
] as const) {
  const added = median(sandboxed) - median(plain);
  console.log(`- ${sandboxed}: +${added.toFixed(1)} ms at p50, ${(median(sandboxed) / median(plain)).toFixed(2)}x`);
}
await cell.stop();
rmSync(root, { recursive: true, force: true });
