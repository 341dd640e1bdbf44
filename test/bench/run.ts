// `npm run bench`: runs every benchmark in this folder, one process each, and prints their tables.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n## ${file}\n`);
  const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(here, file)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
