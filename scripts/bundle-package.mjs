// Bundles one package's built entry points so `import` loads a few files instead of one per module.
// Run from a package folder after `tsc -p tsconfig.build.json` (which still emits the .d.ts files the
// `types` conditions point at): `node ../../scripts/bundle-package.mjs`.
//
// Each export with both a `@wesgine/source` (the .ts file) and an `import` (the .js file users load)
// condition becomes one esbuild entry written to that .js path. ESM code splitting gives the entries
// of one package a single shared copy of each module, so a class is the same class whichever entry
// hands it out. Dependencies and the other @wesgine packages stay imports (`packages: 'external'`),
// dynamic imports stay lazy chunks, and nothing is minified so stack traces stay readable. Then the
// per-module .js files tsc wrote are deleted: the tarball ships only what runs.

import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

const require = createRequire(import.meta.url);
const esbuild = require('esbuild');

const folder = process.cwd();
const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
const DIST = 'dist';

const entries = [];
for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
  if (typeof target !== 'object' || target === null) continue;
  const source = target['@wesgine/source'];
  const output = target.import ?? target.default;
  if (typeof source !== 'string' || typeof output !== 'string') continue;
  if (target.default !== undefined && target.default !== output) {
    throw new Error(
      `${manifest.name}: export "${subpath}" has different import and default files; bundling needs one.`,
    );
  }
  const out = relative(DIST, output).replace(/\.js$/, '');
  if (out.startsWith('..') || !output.endsWith('.js')) {
    throw new Error(`${manifest.name}: export "${subpath}" points outside ${DIST}/ or not at a .js file (${output}).`);
  }
  entries.push({ in: source, out });
}
if (entries.length === 0)
  throw new Error(`${manifest.name}: no export has both a source and an import file to bundle.`);

const result = await esbuild.build({
  absWorkingDir: folder,
  entryPoints: entries,
  outdir: DIST,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  tsconfig: 'tsconfig.build.json',
  chunkNames: 'chunks/[name]-[hash]',
  minify: false,
  legalComments: 'none',
  metafile: true,
  write: false,
  logLevel: 'warning',
});

// Delete every .js tsc wrote (and any chunk of an earlier bundle), then write the bundle.
const written = new Set(result.outputFiles.map((file) => file.path));
for (const entry of readdirSync(join(folder, DIST), { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.js(\.map)?$/.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  if (!written.has(path)) rmSync(path);
}
for (const file of result.outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.contents);
}
