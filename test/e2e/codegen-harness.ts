import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The checked-in example pack. */
export const EXAMPLE_PACK = join(here, '..', 'example-pack');

const REPO_ROOT = join(here, '..', '..');
const copies: string[] = [];

/**
 * A private copy of the example pack (sources, generated files and docs; no node_modules or dist) at
 * `<temp>/pack`. `repo` puts it under test/.tmp so `@wesgine/schema` resolves through the root
 * node_modules; `os` puts it under the system temp folder with a `node_modules` link next to it. Its
 * tsconfig extends the root base config by absolute path.
 */
export function copyExamplePack(where: 'repo' | 'os' = 'repo'): string {
  const parent = where === 'repo' ? join(REPO_ROOT, 'test', '.tmp') : tmpdir();
  mkdirSync(parent, { recursive: true });
  const temp = mkdtempSync(join(parent, 'codegen-'));
  copies.push(temp);
  if (where === 'os') symlinkSync(join(REPO_ROOT, 'node_modules'), join(temp, 'node_modules'), 'dir');
  const pack = join(temp, 'pack');
  cpSync(EXAMPLE_PACK, pack, {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|dist)([/\\]|$)/.test(source.slice(EXAMPLE_PACK.length)),
  });
  const tsconfigPath = join(pack, 'tsconfig.json');
  const tsconfig = JSON.parse(readFileSync(tsconfigPath, 'utf8')) as Record<string, unknown>;
  writeFileSync(tsconfigPath, JSON.stringify({ ...tsconfig, extends: join(REPO_ROOT, 'tsconfig.base.json') }));
  return pack;
}

/** Deletes every copy made by `copyExamplePack` in this test file (for `afterAll`). */
export function removeCopies(): void {
  for (const temp of copies.splice(0)) rmSync(temp, { recursive: true, force: true });
}

/** Writes `contents` to `path` inside `pack`, creating folders. */
export function writePackFile(pack: string, path: string, contents: string): void {
  mkdirSync(dirname(join(pack, path)), { recursive: true });
  writeFileSync(join(pack, path), contents);
}

export function readPackFile(pack: string, path: string): string {
  return readFileSync(join(pack, path), 'utf8');
}

/** The problems of a rejected promise that should be a `CodegenError`, as plain data. */
export async function problemsOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    const problems = (error as { problems?: unknown }).problems;
    if (problems === undefined) throw error;
    return problems;
  }
  throw new Error('expected a CodegenError, but the call succeeded');
}
