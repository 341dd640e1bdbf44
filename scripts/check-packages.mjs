// Are the published packages fit to publish? Packs each one as npm would (its `prepack` builds it),
// then lints each tarball with publint and checks its types with Are the Types Wrong (attw), all at
// once. Prints one line per package, the tools' own report when one fails, and exits non-zero on any
// problem. Run alone with `node scripts/check-packages.mjs`; `npm test` runs it after the build, so every
// `prepack` is a turbo cache hit.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PACKAGES = [
  '@wesgine/schema',
  '@wesgine/codegen',
  '@wesgine/runtime',
  '@wesgine/builtins',
  '@wesgine/adapter-kb',
  '@wesgine/adapter-email',
  '@wesgine/adapter-cron',
  '@wesgine/adapter-headless-browser',
  '@wesgine/adapter-playwright',
  '@wesgine/adapter-desktop',
];

// Entry points that are data, not modules: attw can only resolve JavaScript and declarations.
const DATA_ENTRYPOINTS = { '@wesgine/runtime': ['./zones/default.yaml'] };

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };
const out = mkdtempSync(join(tmpdir(), 'wesgine-packages-'));

/** The problems of one command: none when it exits 0, else its output. */
function problemsOf(title, command, args) {
  return new Promise((done) => {
    execFile(command, args, { env, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      done(error ? [`${title} failed:\n${stdout}${stderr}`] : []),
    );
  });
}

/** What npm users and registries look for and neither publint nor attw checks. */
function metadataProblems(folder, files, license) {
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  const found = [];
  if (!files.some((file) => file.path === 'LICENSE')) found.push('the tarball has no LICENSE');
  if (readFileSync(join(folder, 'LICENSE'), 'utf8') !== license) found.push(`${folder}/LICENSE differs from ./LICENSE`);
  if (manifest.engines?.node !== '>=20.19') found.push('engines.node is not ">=20.19"');
  if (manifest.repository?.directory !== folder) found.push(`repository.directory is not "${folder}"`);
  if (!Array.isArray(manifest.keywords) || manifest.keywords.length === 0) found.push('it has no keywords');
  if (!manifest.scripts?.prepack) found.push('it has no prepack script to build it');
  if (!files.some((file) => file.path.startsWith('dist/'))) found.push('the tarball has no dist/');
  return found;
}

async function check({ name, filename, files }, license) {
  const tarball = join(out, filename);
  const exclude = DATA_ENTRYPOINTS[name] ?? [];
  const problems = [
    ...metadataProblems(`packages/${name.replace('@wesgine/', '')}`, files, license),
    ...(await problemsOf('publint', 'npx', ['publint', 'run', tarball, '--strict'])),
    // ESM only: a `require` of these packages works through Node 20.19's require(esm), which attw does
    // not model, so the esm-only profile leaves out the CommonJS resolutions (node10, node16 from CJS).
    // The registry end-to-end test does the real `require`.
    ...(await problemsOf('attw', 'npx', [
      'attw',
      tarball,
      '--profile',
      'esm-only',
      '--format',
      'ascii',
      ...(exclude.length > 0 ? ['--exclude-entrypoints', ...exclude] : []),
    ])),
  ];
  console.log(problems.length === 0 ? `${name}: fit to publish` : `${name}:\n${problems.join('\n')}`);
  return problems.length;
}

let failed = 0;
try {
  // The prepack builds print to stderr, so stdout holds only npm's JSON.
  const pack = spawnSync(
    'npm',
    ['pack', '--json', '--pack-destination', out, ...PACKAGES.flatMap((name) => ['-w', name])],
    { encoding: 'utf8', env, maxBuffer: 16 * 1024 * 1024 },
  );
  if (pack.status !== 0) {
    console.log(`npm pack failed:\n${pack.stdout}${pack.stderr}`);
    failed += 1;
  } else {
    const license = readFileSync('LICENSE', 'utf8');
    const counts = await Promise.all(JSON.parse(pack.stdout).map((packed) => check(packed, license)));
    failed += counts.reduce((sum, count) => sum + count, 0);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

if (failed > 0) {
  console.log(`${failed} packaging problem(s)`);
  process.exit(1);
}
console.log(`${PACKAGES.length} packages are fit to publish (publint, attw, LICENSE, engines, repository, keywords)`);
