// The cost of the race-free open (O_NOFOLLOW, then the descriptor's real path from /proc/self/fd, then a
// hard-link check, all before reading from that descriptor) for a small file, against the way a file was
// read before: by path after governance's realpath. Three cases in the same run, interleaved:
// - before (plain): realpath, then readFile by path;
// - before (read tool's old reader): realpath, then open by path, fstat, read, NUL sniff and SHA-256 (what
//   `read` did before this change, rebuilt here);
// - after: realpath, then readTextFile (the race-free reader `read`, `edit`, `write` and apply_patch use).
// Run: node --expose-gc --import tsx test/bench/read.bench.ts (after a build; or add
// --conditions=@wesgine/source to run from source)
import { createHash } from 'node:crypto';
import { constants, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { open, readFile, realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTextFile } from '../../packages/builtins/src/fs/text-file.js';
import { summarise, table } from './_measure.js';

const folder = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-read-bench-')));
const file = join(folder, 'small.ts');
writeFileSync(file, `${'export const line = "a small source file";\n'.repeat(40)}`);
const READS = 5_000;

async function oldReader(path: string): Promise<string> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new Error('not a file');
    const bytes = await handle.readFile();
    if (bytes.subarray(0, 8192).includes(0)) throw new Error('binary');
    return createHash('sha256').update(bytes).digest('hex') + bytes.toString('utf8');
  } finally {
    await handle.close();
  }
}

const jobs = [
  {
    name: 'before: realpath + readFile by path',
    run: async () => {
      for (let n = 0; n < READS; n++) await readFile(await realpath(file), 'utf8');
    },
  },
  {
    name: "before: realpath + read's old reader",
    run: async () => {
      for (let n = 0; n < READS; n++) await oldReader(await realpath(file));
    },
  },
  {
    name: 'after: realpath + race-free readTextFile',
    run: async () => {
      for (let n = 0; n < READS; n++) await readTextFile(await realpath(file), 'small.ts');
    },
  },
];

const samples = jobs.map((job) => ({ name: job.name, opsPerSecond: [] as number[] }));
for (const job of jobs) await job.run();
for (let round = 0; round < 9; round++) {
  for (const [index, job] of jobs.entries()) {
    globalThis.gc?.();
    const started = process.hrtime.bigint();
    await job.run();
    samples[index]?.opsPerSecond.push(Number(process.hrtime.bigint() - started) / 1e3 / READS);
  }
}
const rows = samples.map(summarise);
console.log(table('Microseconds per read of a 1.7 KiB file (lower is better)', 'µs', rows, jobs[0]?.name ?? ''));
const median = (index: number) => rows[index]?.median ?? Number.NaN;
const plain = median(2) / median(0);
const same = median(2) / median(1);
console.log(
  `- race-free read against realpath + readFile: ${plain.toFixed(2)}x (goal within 1.2x): ${plain <= 1.2 ? 'met' : 'MISSED'}`,
);
console.log(`- race-free read against the old reader it replaces: ${same.toFixed(2)}x`);
