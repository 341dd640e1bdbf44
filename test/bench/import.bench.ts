// Import time of each built package as a user gets it (dist, no source condition): fresh `node`
// processes, one import each, interleaved round-robin with a reference `node -e ""` so the machine's
// noise falls on every row alike. Build first, then run from the repo root:
//   npx turbo run build && node --import tsx test/bench/import.bench.ts
// "import" is measured inside the child (performance.now() around `await import(...)`), "cpu" is the
// child's own CPU time for it (user + system, which other processes on a busy machine inflate far less
// than wall time); "process" is the whole child's wall time, and "over node" that minus the reference's.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Summary, summarise } from './_measure.js';

const RUNS = 7;
const GOAL_MS = 300;
const testRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = join(testRoot, '..');

const PACKAGES = [
  { name: '@wesgine/schema', dist: 'packages/schema/dist' },
  { name: '@wesgine/runtime', dist: 'packages/runtime/dist' },
  { name: '@wesgine/runtime/http', dist: 'packages/runtime/dist' },
  { name: '@wesgine/codegen', dist: 'packages/codegen/dist' },
  { name: '@wesgine/builtins', dist: 'packages/builtins/dist' },
] as const;

for (const item of PACKAGES) {
  if (!existsSync(join(repoRoot, item.dist))) {
    console.error(`${item.dist} is missing: run \`npx turbo run build\` first (this measures the built packages).`);
    process.exit(1);
  }
}

/** One fresh process: its wall time, and the time and CPU time its import took as it measured them. */
function once(specifier: string | undefined): { wall: number; imported: number; cpu: number } {
  const script =
    specifier === undefined
      ? ''
      : `const c = process.cpuUsage(); const t = performance.now(); await import(${JSON.stringify(specifier)}); ` +
        "const u = process.cpuUsage(c); process.stdout.write(String(performance.now() - t) + ' ' + (u.user + u.system) / 1000);";
  const started = process.hrtime.bigint();
  // `--input-type=module` so the script may await at top level; the cwd is the test workspace, which
  // resolves @wesgine/* to the packages as installed (their `import` condition: dist).
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: testRoot,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  const wall = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`importing ${specifier} failed:\n${result.stderr}`);
  const [imported = 0, cpu = 0] = result.stdout.split(' ').map(Number);
  return { wall, imported, cpu };
}

const cases = [
  { name: 'node -e ""', specifier: undefined },
  ...PACKAGES.map((item) => ({ ...item, specifier: item.name })),
];
const walls = cases.map(() => [] as number[]);
const imports = cases.map(() => [] as number[]);
const cpus = cases.map(() => [] as number[]);
for (const item of cases) once(item.specifier); // warm the file cache
for (let round = 0; round < RUNS; round++) {
  cases.forEach((item, index) => {
    const { wall, imported, cpu } = once(item.specifier);
    walls[index]?.push(wall);
    imports[index]?.push(imported);
    cpus[index]?.push(cpu);
  });
}

const wallSummaries: Summary[] = cases.map((item, index) =>
  summarise({ name: item.name, opsPerSecond: walls[index] ?? [] }),
);
const importSummaries: Summary[] = cases.map((item, index) =>
  summarise({ name: item.name, opsPerSecond: imports[index] ?? [] }),
);
const cpuSummaries: Summary[] = cases.map((item, index) =>
  summarise({ name: item.name, opsPerSecond: cpus[index] ?? [] }),
);
const reference = wallSummaries[0]?.median ?? 0;
const ms = (value: number) => value.toFixed(0);
console.log(`### Import time of the built packages (median of ${RUNS} fresh processes, ms)\n`);
console.log('| import | import (in process) | min | max | cpu | process (wall) | over `node -e ""` |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
cases.forEach((item, index) => {
  const imported = importSummaries[index] as Summary;
  const wall = wallSummaries[index] as Summary;
  const cpu = cpuSummaries[index] as Summary;
  const none = item.specifier === undefined;
  const [inProcess, low, high, used] = none
    ? ['–', '–', '–', '–']
    : [ms(imported.median), ms(imported.min), ms(imported.max), ms(cpu.median)];
  console.log(
    `| ${item.name} | ${inProcess} | ${low} | ${high} | ${used} | ${ms(wall.median)} | ${item.specifier === undefined ? '–' : ms(wall.median - reference)} |`,
  );
});
const builtins = importSummaries.at(-1) as Summary;
console.log(
  `\nGoal: \`import('@wesgine/builtins')\` under ${GOAL_MS} ms: ${builtins.median < GOAL_MS ? 'met' : 'missed'} (${ms(builtins.median)} ms in process, ${ms((cpuSummaries.at(-1) as Summary).median)} ms of CPU, ${ms((wallSummaries.at(-1) as Summary).median - reference)} ms over node's own start).`,
);
