import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { planAddToPackage } from '../scaffold/add-to-package.js';
import { packageNameProblem, type ScaffoldFile, scaffoldPack } from '../scaffold/scaffold-pack.js';
import { generatorVersion } from '../version.js';
import type { CliIo } from './io.js';
import { UsageError } from './parse-args.js';

/**
 * `wesgine-tools init <dir> [--name <npm-name>]`: a new pack in a new or empty folder; in an existing
 * package (a folder with package.json), adds what a pack needs and it lacks, and touches nothing else.
 */
export function commandInit(io: CliIo, positionals: readonly string[], name: string | undefined): number {
  const [target, ...extra] = positionals;
  if (target === undefined) throw new UsageError('init needs a folder: wesgine-tools init <dir>');
  if (extra.length > 0) throw new UsageError(`init takes one folder, got also: ${extra.join(' ')}`);
  const root = resolve(io.cwd, target);
  if (existsSync(root) && !statSync(root).isDirectory()) {
    throw new UsageError(`${target} is a file; init needs a folder (new, empty, or a package with package.json)`);
  }
  const shown = relative(io.cwd, root) || '.';
  if (existsSync(root) && readdirSync(root).length > 0) return addToPackage(io, root, target, shown, name);
  const packageName = checkedName(name ?? basename(root).toLowerCase());
  write(root, packFiles(packageName));
  io.out(`created tool pack ${packageName} in ${shown}`);
  nextSteps(io, shown);
  return 0;
}

/** `init` in a folder with files: it must be a package; what it lacks is added, nothing is overwritten. */
function addToPackage(io: CliIo, root: string, target: string, shown: string, name: string | undefined): number {
  const manifestPath = join(root, 'package.json');
  if (!existsSync(manifestPath)) {
    throw new UsageError(
      `${target} has files but no package.json; init makes a new pack in a new or empty folder, or adds one to an existing package (a folder with a package.json)`,
    );
  }
  const text = readFileSync(manifestPath, 'utf8');
  const own = ownName(text);
  if (own !== undefined && name !== undefined && name !== own) {
    throw new UsageError(`${shown}/package.json names the package '${own}'; init does not rename it, leave out --name`);
  }
  const packageName = own ?? checkedName(name ?? basename(root).toLowerCase());
  const files = packFiles(packageName);
  let plan: ReturnType<typeof planAddToPackage>;
  try {
    plan = planAddToPackage(files, (path) => existsSync(join(root, path)), text, packageName);
  } catch (error) {
    throw new UsageError(`${shown}/${(error as Error).message}; init changed nothing`);
  }
  write(root, plan.writes);
  if (plan.added.length === 0) io.out(`nothing to add: ${packageName} in ${shown} is a tool pack already`);
  else io.out(`added to ${packageName} in ${shown}: ${plan.added.join(', ')}`);
  if (plan.left.length > 0) io.out(`left as they were: ${plan.left.join(', ')}`);
  io.out('nothing else in the folder was changed');
  nextSteps(io, shown);
  return 0;
}

function nextSteps(io: CliIo, shown: string): void {
  io.out('next:');
  io.out(
    shown === '.'
      ? '  npm install'
      : `  cd ${/^[\w./@-]+$/.test(shown) ? shown : JSON.stringify(shown)} && npm install`,
  );
  io.out('  npx wesgine-tools new <tool-name>   # add a tool definition');
  io.out('  npx wesgine-tools gen               # generate types, schemas, handler stubs and docs');
}

/** The files of a new pack named `packageName`, depending on this version of the packages. */
function packFiles(packageName: string): ScaffoldFile[] {
  return scaffoldPack({ name: packageName, wesgineVersion: `^${generatorVersion()}` });
}

function write(root: string, files: readonly ScaffoldFile[]): void {
  for (const file of files) {
    const path = join(root, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.contents);
  }
}

function checkedName(packageName: string): string {
  const problem = packageNameProblem(packageName);
  if (problem !== undefined) throw new UsageError(`${problem}; choose one with --name`);
  return packageName;
}

/** The package's own name, when its package.json is an object with a string name. */
function ownName(text: string): string | undefined {
  try {
    const manifest = JSON.parse(text) as { name?: unknown } | null;
    return typeof manifest?.name === 'string' ? manifest.name : undefined;
  } catch {
    return undefined;
  }
}
