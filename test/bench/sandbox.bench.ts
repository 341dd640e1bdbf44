// What the OS sandbox costs a program: `true` started through a cell's sandbox (bubblewrap with every
// namespace, the roots walked for protected paths, prlimit, a pids cgroup where one is writable)
// against a plain `bash -c true` spawn, in the same run, interleaved. Also `exec` of `true` through
// run.call against the same cell with the sandbox off.
// Run: node --expose-gc --import tsx test/bench/sandbox.bench.ts
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { builtins } from '../../packages/builtins/src/index.js';
import { createEngine } from '../../packages/runtime/src/index.js';
import { type ToolSandbox, Type } from '../../packages/schema/src/index.js';
import { summarise, table } from './_measure.js';

const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-sandbox-bench-')));
// A small project: 200 files in 20 folders, a .git folder and a .env the default zone hides.
for (let folder = 0; folder < 20; folder++) {
  mkdirSync(join(workDir, `src${folder}`));
  for (let file = 0; file < 10; file++) writeFileSync(join(workDir, `src${folder}`, `f${file}.ts`), 'x\n');
}
mkdirSync(join(workDir, '.git', 'hooks'), { recursive: true });
writeFileSync(join(workDir, '.git', 'config'), '[core]\n');
writeFileSync(join(workDir, '.env'), 'A=1\n');

const engine = createEngine({ tools: builtins });
const on = engine.createCell({ workDir, dataDir: join(workDir, '..', 'bench-data-on') });
const off = engine.createCell({ workDir, dataDir: join(workDir, '..', 'bench-data-off'), sandbox: 'off' });
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
/** Programs timed per case. */
const ROUNDS = 101;
/** Milliseconds between two programs. */
const PAUSE_MS = 40;

function spawnTrue(command = 'bash', args = ['-c', 'true']): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.once('error', reject);
    child.once('exit', () => resolve());
  });
}

// bubblewrap alone, with the same namespaces and only /usr: what the kernel's namespaces cost.
const BARE_BWRAP = [
  '--unshare-user',
  '--unshare-pid',
  '--unshare-ipc',
  '--unshare-uts',
  '--unshare-net',
  '--ro-bind',
  '/usr',
  '/usr',
  '--symlink',
  'usr/bin',
  '/bin',
  '--symlink',
  'usr/lib',
  '/lib',
  '--symlink',
  'usr/lib64',
  '/lib64',
  '--proc',
  '/proc',
  '--dev',
  '/dev',
  'bash',
  '-c',
  'true',
];

// The sandbox a handler of an action call gets, exactly as exec uses it, handed out once.
let sandbox: ToolSandbox | undefined;
on.tools().register({
  name: 'capture',
  description: 'Hands out its sandbox.',
  parameters: Type.Object({}),
  handler: (_args, context) => {
    sandbox = context.sandbox;
    return 'ok';
  },
});
await on.run().call('capture', {});

async function sandboxTrue(): Promise<void> {
  if (sandbox === undefined) throw new Error('no sandbox was handed out');
  const child = await sandbox.spawn({ argv: ['bash', '-c', 'true'], cwd: workDir, env, onOutput: () => {} });
  const exit = await child.exited;
  await child.stop(1_000);
  if (exit.code !== 0) throw new Error(`sandboxed true exited ${exit.code}`);
}

async function execTrue(cell: typeof on): Promise<void> {
  const result = await cell.run().call('exec', { command: 'true' });
  if (result.isError || !result.text.startsWith('Exit code: 0')) throw new Error(result.text);
}

// Each program timed on its own; the cases take turns, so the machine's noise falls on all of them.
const jobs = [
  { name: 'plain spawn: bash -c true', run: () => spawnTrue() },
  { name: 'bare bwrap: bash -c true', run: () => spawnTrue('bwrap', BARE_BWRAP) },
  { name: 'sandboxed spawn: bash -c true', run: sandboxTrue },
  { name: 'exec true, sandbox off', run: () => execTrue(off) },
  { name: 'exec true, sandbox on', run: () => execTrue(on) },
];
const samples = jobs.map((job) => ({ name: job.name, opsPerSecond: [] as number[] }));
for (const job of jobs) for (let index = 0; index < 5; index++) await job.run();
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, job] of jobs.entries()) {
    globalThis.gc?.();
    // A pause between programs, as between an agent's calls: the sandbox readies the next program's
    // pids cgroup in the background after each one, and a cgroup move stalls every fork while it runs.
    await delay(PAUSE_MS);
    const started = process.hrtime.bigint();
    await job.run();
    samples[index]?.opsPerSecond.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
}
const rows = samples.map(summarise);
console.log(
  table('Milliseconds per program, median of 101 (lower is better)', 'ms', rows, 'plain spawn: bash -c true'),
);
const median = (name: string) => rows.find((row) => row.name === name)?.median ?? Number.NaN;
const added = median('sandboxed spawn: bash -c true') - median('plain spawn: bash -c true');
console.log(`- added by the sandbox at p50: ${added.toFixed(2)} ms (goal < 10 ms): ${added < 10 ? 'met' : 'MISSED'}`);
const ours = median('sandboxed spawn: bash -c true') - median('bare bwrap: bash -c true');
console.log(`- of which the runtime's own work (view, cgroup, limits, stop): ${ours.toFixed(2)} ms`);
await on.stop();
await off.stop();
