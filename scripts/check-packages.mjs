// Are the four published packages fit to publish? Packs each one as npm would (its `prepack` builds it),
// then lints the tarball with publint and checks its types with Are the Types Wrong (attw). Exits non-zero
// on any problem. Run alone with `node scripts/check-packages.mjs`; `npm test` runs it after the build, so
// every `prepack` is a turbo cache hit.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PACKAGES = ['@wesgine/schema', '@wesgine/codegen', '@wesgine/runtime', '@wesgine/builtins'];

// Entry points that are data, not modules: attw can only resolve JavaScript and declarations.
const DATA_ENTRYPOINTS = { '@wesgine/runtime': ['./zones/default.yaml'] };

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };
const out = mkdtempSync(join(tmpdir(), 'wesgine-packages-'));
let problems = 0;

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', env, ...options });
  if (result.status !== 0) problems += 1;
  return result;
}

try {
  const workspaces = PACKAGES.flatMap((name) => ['-w', name]);
  // The prepack builds print to stderr, so stdout holds only npm's JSON.
  const pack = run('npm', ['pack', '--json', '--pack-destination', out, ...workspaces], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const tarballs = pack.status === 0 ? JSON.parse(pack.stdout) : [];
  for (const { name, filename } of tarballs) {
    const tarball = join(out, filename);
    console.log(`${name}: publint`);
    run('npx', ['publint', 'run', tarball, '--strict'], { stdio: 'inherit' });
    // ESM only: a `require` of these packages works through Node 20.19's require(esm), which attw does
    // not model, so the esm-only profile leaves out the CommonJS resolutions (node10, node16 from CJS).
    // The registry end-to-end test does the real `require`.
    const exclude = DATA_ENTRYPOINTS[name] ?? [];
    const excludeArgs = exclude.length > 0 ? ['--exclude-entrypoints', ...exclude] : [];
    console.log(`${name}: attw`);
    const attw = run('npx', ['attw', tarball, '--profile', 'esm-only', '--format', 'ascii', ...excludeArgs]);
    if (attw.status !== 0) console.log(attw.stdout, attw.stderr);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

if (problems > 0) {
  console.log(`${problems} packaging check(s) failed`);
  process.exit(1);
}
console.log(`${PACKAGES.length} packages are fit to publish (publint, attw)`);
