import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { packageNameProblem, scaffoldPack } from '../scaffold/scaffold-pack.js';
import { generatorVersion } from '../version.js';
import type { CliIo } from './io.js';
import { UsageError } from './parse-args.js';

/** `wesgine-tools init <dir> [--name <npm-name>]`: a new, empty pack; refuses a folder with files in it. */
export function commandInit(io: CliIo, positionals: readonly string[], name: string | undefined): number {
  const [target, ...extra] = positionals;
  if (target === undefined) throw new UsageError('init needs a folder: wesgine-tools init <dir>');
  if (extra.length > 0) throw new UsageError(`init takes one folder, got also: ${extra.join(' ')}`);
  const root = resolve(io.cwd, target);
  const packageName = name ?? basename(root).toLowerCase();
  const problem = packageNameProblem(packageName);
  if (problem !== undefined) throw new UsageError(`${problem}; choose one with --name`);
  if (existsSync(root) && !statSync(root).isDirectory()) {
    throw new UsageError(`${target} is a file; init needs a new or empty folder`);
  }
  if (existsSync(root) && readdirSync(root).length > 0) {
    throw new UsageError(`${target} is not empty; init only writes into a new or empty folder`);
  }
  const files = scaffoldPack({ name: packageName, wesgineVersion: `^${generatorVersion()}` });
  for (const file of files) {
    const path = join(root, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.contents);
  }
  const shown = relative(io.cwd, root) || '.';
  io.out(`created tool pack ${packageName} in ${shown}`);
  io.out('next:');
  io.out(`  cd ${/^[\w./@-]+$/.test(shown) ? shown : JSON.stringify(shown)} && npm install`);
  io.out('  npx wesgine-tools new <tool-name>   # add a tool definition');
  io.out('  npx wesgine-tools gen               # generate types, schemas, handler stubs and docs');
  return 0;
}
