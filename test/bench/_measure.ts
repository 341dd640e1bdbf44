// Shared benchmark helpers. The machine is noisy: every benchmark measures its reference in the same run,
// interleaves the cases round-robin so noise spreads over all of them, and reports medians and ratios.

export interface Case {
  readonly name: string;
  /** Runs the work once per call; returns something so the optimiser cannot drop it. */
  readonly run: () => unknown;
}

export interface Sample {
  readonly name: string;
  readonly opsPerSecond: number[];
}

export interface Summary {
  readonly name: string;
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly runs: number;
}

let sink: unknown;

/** Calls `run` in a loop for at least `minMs` and `minIterations`, returns operations per second. */
export function opsPerSecond(run: () => unknown, minMs = 200, minIterations = 1000): number {
  let iterations = 0;
  const started = process.hrtime.bigint();
  let elapsed = 0n;
  const budget = BigInt(minMs) * 1_000_000n;
  while (iterations < minIterations || elapsed < budget) {
    for (let index = 0; index < 100; index++) sink = run();
    iterations += 100;
    elapsed = process.hrtime.bigint() - started;
  }
  return (iterations * 1e9) / Number(elapsed);
}

/** Interleaves `cases` for `runs` rounds after one warm-up round. */
export function compare(cases: readonly Case[], runs = 7, minMs = 200): Summary[] {
  for (const item of cases) opsPerSecond(item.run, 50);
  const samples = cases.map((item) => ({ name: item.name, opsPerSecond: [] as number[] }));
  for (let round = 0; round < runs; round++) {
    cases.forEach((item, index) => {
      samples[index]?.opsPerSecond.push(opsPerSecond(item.run, minMs));
    });
  }
  return samples.map(summarise);
}

/** Times an async job `runs` times, interleaved with the other jobs; returns milliseconds per run. */
export async function compareAsync(
  jobs: readonly { readonly name: string; readonly run: () => Promise<unknown> }[],
  runs = 5,
): Promise<Summary[]> {
  const samples = jobs.map((job) => ({ name: job.name, values: [] as number[] }));
  for (const job of jobs) await job.run();
  for (let round = 0; round < runs; round++) {
    for (const [index, job] of jobs.entries()) {
      const started = process.hrtime.bigint();
      sink = await job.run();
      samples[index]?.values.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  }
  return samples.map((sample) => summarise({ name: sample.name, opsPerSecond: sample.values }));
}

export function summarise(sample: Sample): Summary {
  const sorted = [...sample.opsPerSecond].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return { name: sample.name, median, min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0, runs: sorted.length };
}

/** A Markdown table; `ratio` is each row's median over the reference row's median. */
export function table(title: string, unit: string, rows: readonly Summary[], reference: string): string {
  const anchor = rows.find((row) => row.name === reference)?.median ?? Number.NaN;
  const format = (value: number) =>
    value >= 1e6 ? `${(value / 1e6).toFixed(2)}M` : value >= 1e3 ? `${(value / 1e3).toFixed(1)}k` : value.toFixed(1);
  const lines = [
    `### ${title}`,
    '',
    `| case | median ${unit} | min | max | runs | ratio to ${reference} |`,
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${format(row.median)} | ${format(row.min)} | ${format(row.max)} | ${row.runs} | ${(row.median / anchor).toFixed(2)} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

export function keep(): unknown {
  return sink;
}
