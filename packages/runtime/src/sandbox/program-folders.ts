// What a long-lived server needs to read beyond the system folders: the folder of its program (found on
// PATH), the interpreter its script names (`#!/usr/bin/env node`), and for a Node script the package it
// belongs to and every `node_modules` folder Node would look in for its dependencies. Only the program
// and its script are looked at; its other arguments (the folders a server is told it may use) never
// widen what the sandbox shows.
import { accessSync, closeSync, constants, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { basename, delimiter, dirname, extname, join, resolve } from 'node:path';
import { isInside } from '../governance/real-path.js';
import { NODE_VALUE_OPTIONS, PYTHON_VALUE_OPTIONS } from '../governance/shell/interpreter-options.js';
import { SYSTEM_FOLDERS } from './system-folders.js';

/** Interpreters whose first argument that is not an option is the script they run. */
const INTERPRETER = /^(node|nodejs|python[0-9.]*|ruby|perl|bun|deno)$/;
/** Options after which the interpreter runs no script file: code given inline, a module by name, stdin. */
const NO_SCRIPT = new Set(['-e', '--eval', '-p', '--print', '-c', '-m', '-']);
/** Options whose value is the next word (a file to preload is not the script: it widens nothing). */
const VALUE_OPTIONS = new Set([...NODE_VALUE_OPTIONS, ...PYTHON_VALUE_OPTIONS]);
const NODE_SCRIPT = new Set(['.js', '.mjs', '.cjs']);
/** The first line of a script: enough for any interpreter line. */
const SHEBANG_BYTES = 256;

export interface ProgramFolders {
  /** The program's path as it is started: absolute, links not resolved. */
  readonly program: string;
  /** Folders outside the system folders to show read-only, outermost only. */
  readonly folders: readonly string[];
}

/** Why the program cannot be started in the sandbox (a sentence's end, for the caller's message). */
export class ProgramFolderError extends Error {
  override readonly name = 'ProgramFolderError';
}

/**
 * The program of `argv` and the folders it needs. `path` is the PATH it is found on, `cwd` the folder
 * relative paths start from, `home` the home folder: neither it nor a folder holding it is ever shown.
 * `roots` are the real paths of the cell's roots: the cell's tools can change what lies there, so a
 * program or script reached through a link in them must lead to a root, a system folder or one of
 * `shown` (the folders shown anyway), never make the sandbox show the folder it leads to.
 */
export function programFolders(
  argv: readonly string[],
  path: string,
  cwd: string,
  home: string,
  roots: readonly string[] = [],
  shown: readonly string[] = [],
): ProgramFolders {
  const [name = '', ...rest] = argv;
  const program = findProgram(name, path, cwd);
  if (program === undefined) throw new ProgramFolderError(`${name} was not found on the PATH (${path})`);
  const real = realpathSync(program);
  const open = [...roots, ...SYSTEM_FOLDERS, ...shown];
  const checkLink = (lexical: string, target: string, what: string): void => {
    if (!roots.some((root) => isInside(lexical, root)) || open.some((folder) => isInside(target, folder))) return;
    throw new ProgramFolderError(
      `its ${what} ${lexical} is a link in the cell's roots to ${target}, outside them; the cell's tools may change such a link, so it shows nothing more; name ${target} itself`,
    );
  };
  checkLink(program, real, 'program');
  const wanted: string[] = [dirname(program), dirname(real), ...installPrefix(program)];
  let script: string | undefined;
  const line = shebang(real);
  if (line !== undefined) {
    // A script run by its interpreter line (a package's bin, or a version manager's shim).
    const words = line.split(/\s+/).filter((word) => word !== '');
    const envForm = basename(words[0] ?? '') === 'env';
    const named = (envForm ? words.slice(1).find((word) => !word.startsWith('-')) : words[0]) ?? '';
    const found = named === '' ? undefined : findProgram(named, path, cwd);
    if (found !== undefined) checkLink(found, realpathSync(found), 'interpreter');
    if (found !== undefined) wanted.push(dirname(found), dirname(realpathSync(found)), ...installPrefix(found));
    wanted.push(...scriptFolders(real, basename(found === undefined ? named : realpathSync(found)), home));
  }
  // An interpreter (by the name it is started with: `python3` may be a shim) and the script it runs.
  if (INTERPRETER.test(basename(program)) || INTERPRETER.test(basename(real))) {
    const first = scriptWord(rest);
    const file = first === undefined ? undefined : resolve(cwd, first);
    if (file !== undefined && statSync(file, { throwIfNoEntry: false })?.isFile() === true) {
      script = realpathSync(file);
      checkLink(file, script, 'script');
      wanted.push(...scriptFolders(script, basename(program), home));
    }
  }
  // The folders it cannot start without: its program's and its script's.
  const own = new Map([
    [dirname(program), `its program ${program}`],
    [dirname(real), `its program ${real}`],
  ]);
  if (script !== undefined && !own.has(dirname(script))) own.set(dirname(script), `its script ${script}`);
  const folders: string[] = [];
  for (const folder of wanted) {
    if (SYSTEM_FOLDERS.some((system) => isInside(folder, system))) continue;
    if (isInside(home, folder)) {
      // A folder holding the home folder is never shown: a dependency folder there is merely left out.
      const what = own.get(folder);
      if (what !== undefined) {
        throw new ProgramFolderError(
          `${what} lies in ${folder}, which holds the home folder and is never shown; move it into a folder of its own`,
        );
      }
      continue;
    }
    folders.push(folder);
  }
  return { program, folders: outermost(folders) };
}

/** The word of an interpreter's arguments that names its script: the first that is no option nor an option's value. */
function scriptWord(words: readonly string[]): string | undefined {
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] as string;
    if (NO_SCRIPT.has(word)) return undefined;
    if (VALUE_OPTIONS.has(word)) index += 1;
    else if (word === '--') return words[index + 1];
    else if (!word.startsWith('-')) return word;
  }
  return undefined;
}

/** An executable file: a name with a slash from `cwd`, else the first on `path`. */
function findProgram(name: string, path: string, cwd: string): string | undefined {
  if (name === '') return undefined;
  if (name.includes('/')) return isExecutable(resolve(cwd, name)) ? resolve(cwd, name) : undefined;
  for (const folder of path.split(delimiter)) {
    if (!folder.startsWith('/')) continue;
    const candidate = join(folder, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** What a script needs: a Node script its package and `node_modules` folders, any other its folder. */
function scriptFolders(script: string, interpreter: string, home: string): string[] {
  const isNode = interpreter.startsWith('node') || NODE_SCRIPT.has(extname(script));
  return isNode ? nodeFolders(script, home) : [dirname(script)];
}

/**
 * The install folder a program's own folder belongs to, when it is one that runs from there: a version
 * manager's `shims` (pyenv, rbenv: the whole manager), a virtual environment's or a Node install's `bin`.
 */
function installPrefix(program: string): string[] {
  const folder = dirname(program);
  const prefix = dirname(folder);
  if (basename(folder) === 'shims') return [prefix];
  if (basename(folder) !== 'bin') return [];
  const marks = [join(prefix, 'pyvenv.cfg'), join(prefix, 'lib', 'node_modules')];
  return marks.some((mark) => statSync(mark, { throwIfNoEntry: false }) !== undefined) ? [prefix] : [];
}

/** The interpreter line of a script without `#!`, or undefined for a binary. */
function shebang(file: string): string | undefined {
  const buffer = Buffer.alloc(SHEBANG_BYTES);
  let read = 0;
  try {
    const descriptor = openSync(file, 'r');
    try {
      read = readSync(descriptor, buffer, 0, SHEBANG_BYTES, 0);
    } finally {
      closeSync(descriptor);
    }
  } catch {
    return undefined; // not readable: the sandbox cannot do more for it than the host
  }
  const text = buffer.subarray(0, read).toString('latin1');
  if (!text.startsWith('#!')) return undefined;
  return text.slice(2).split('\n')[0]?.trim();
}

/** The package folder of a Node script and each `node_modules` folder of its ancestors that exists. */
function nodeFolders(script: string, home: string): string[] {
  const found: string[] = [dirname(script)];
  let packageFound = false;
  for (let folder = dirname(script); ; folder = dirname(folder)) {
    if (folder === '/' || isInside(home, folder)) break;
    if (!packageFound && statSync(join(folder, 'package.json'), { throwIfNoEntry: false })?.isFile() === true) {
      found.push(folder);
      packageFound = true;
    }
    const modules = join(folder, 'node_modules');
    if (statSync(modules, { throwIfNoEntry: false })?.isDirectory() === true) found.push(modules);
    if (dirname(folder) === folder) break;
  }
  return found;
}

/** The folders without those inside another, in their first order. */
function outermost(folders: readonly string[]): string[] {
  const kept: string[] = [];
  for (const folder of folders) {
    if (folders.some((other) => other !== folder && isInside(folder, other))) continue;
    if (!kept.includes(folder)) kept.push(folder);
  }
  return kept;
}
