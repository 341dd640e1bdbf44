// `npm test`: lint, build, type-check (type tests included), generated-file drift, packaging (publint and
// attw over the packed tarballs), then every vitest project at once. Ends with the plain line
// `N passed, N failed` that CI reads, and exits non-zero when any step failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', FORCE_COLOR: process.env.CI ? '0' : '1' };
const failed = [];

function step(title, command, args) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) failed.push(title);
}

step('lint and format (biome)', 'npx', ['biome', 'ci', '.']);
step('build', 'npx', ['turbo', 'run', 'build', '--output-logs=errors-only']);
step('type-check every workspace', 'npx', ['turbo', 'run', 'typecheck', '--output-logs=errors-only']);
step('generated files are current (wesgine-tools check)', 'npx', ['wesgine-tools', 'check']);
step('packages are fit to publish (publint, attw)', 'node', ['scripts/check-packages.mjs']);

const report = '.vitest-results.json';
rmSync(report, { force: true });
step('unit, type and end-to-end tests (vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
]);

let passed = 0;
let failedTests = 0;
if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed = results.numPassedTests;
  failedTests = results.numFailedTests;
}
if (failed.length > 0) console.log(`\nFailed steps: ${failed.join('; ')}`);
console.log(`${passed} passed, ${failedTests} failed`);
process.exit(failed.length > 0 || failedTests > 0 || passed === 0 ? 1 : 0);
