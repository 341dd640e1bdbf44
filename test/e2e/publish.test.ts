import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './cli-harness.js';

// Publishing end to end: `npm pack` the schema package and the example pack, install both tarballs into
// a fresh project outside the workspace, and load the pack there with plain Node (no TypeScript, no tsx).

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } });

interface PackedFile {
  readonly filename: string;
  readonly files: readonly { readonly path: string }[];
}

let packed: PackedFile[] = [];
let consumer = '';

beforeAll(() => {
  run('npx', ['turbo', 'run', 'build', '--filter=@wesgine/example-pack...', '--output-logs=errors-only'], repo);
  const out = tempDir('publish');
  packed = JSON.parse(
    run(
      'npm',
      ['pack', '--json', '--pack-destination', out, '-w', '@wesgine/schema', '-w', '@wesgine/example-pack'],
      repo,
    ),
  );
  consumer = join(out, 'consumer');
  mkdirSync(consumer);
  const tarball = (name: string) =>
    `file:${join(out, packed.find((file) => file.filename.includes(name))?.filename ?? '')}`;
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      private: true,
      type: 'module',
      dependencies: {
        '@wesgine/schema': tarball('wesgine-schema-'),
        '@wesgine/example-pack': tarball('wesgine-example-pack-'),
      },
    }),
  );
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'], consumer);
}, 240_000);

describe('a published tool pack', () => {
  it('ships built code and generated files, and no build leftovers or tests', () => {
    const paths = (name: string) =>
      packed.find((file) => file.filename.includes(name))?.files.map((file) => file.path) ?? [];
    const schema = paths('wesgine-schema-');
    expect(schema).toContain('dist/index.js');
    expect(schema).toContain('dist/index.d.ts');
    expect(schema.filter((path) => /tsbuildinfo|\.test\.|\.test-d\.|^src\//.test(path))).toEqual([]);
    const pack = paths('wesgine-example-pack-');
    expect(pack).toContain('toolpack.json');
    expect(pack).toContain('generated/tools.gen.json');
    expect(pack).toContain('docs/tools.md');
    expect(pack.filter((path) => /tsbuildinfo|\.test\./.test(path))).toEqual([]);
  });

  it('loads in a fresh project and lists its tools with their categories', () => {
    copyFileSync(fileURLToPath(new URL('fixtures/list-pack.mjs', import.meta.url)), join(consumer, 'list.mjs'));
    expect(run('node', ['list.mjs'], consumer)).toBe(EXPECTED_LISTING);
  });
});

const EXPECTED_LISTING = [
  '@wesgine/example-pack@0.1.0 pack=true',
  'notes.clip action manifest=action handler=function',
  'notes.read exploration manifest=exploration handler=function',
  'notes.search exploration manifest=exploration handler=function',
  'notes.write action manifest=action handler=function',
  '',
].join('\n');
