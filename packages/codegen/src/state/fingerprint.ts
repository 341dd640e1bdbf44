import { createHash, type Hash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isImportFile, MANAGED_PATHS } from '../plan/managed-paths.js';
import { listFiles } from '../plan/plan-writes.js';

/** What the last successful `generate` saw and wrote, kept in the pack's `node_modules/.cache`. */
export interface CodegenState {
  /** Hash of the inputs (and the generator's version) right after that run. */
  readonly fingerprint: string;
  /** The files outside the pack's inputs that loading imported (see `LoadedPack.sources`). */
  readonly sources: readonly string[];
  /** Whether that run type-checked the handlers. */
  readonly typeChecked: boolean;
  /** Every output path with the hash of its contents. */
  readonly outputs: Readonly<Record<string, string>>;
}

/** The inputs that decide the outputs: tool definitions, package and compiler settings, docs. */
const INPUT_FOLDERS = ['tools'];
const INPUT_FILES = ['package.json', 'tsconfig.json', 'docs/tools.md'];
/**
 * Which handlers exist decides the outputs (a stub for a missing one); what they say does not, so an
 * edited handler leaves the generated files current and only its type check runs again.
 */
const NAMED_FOLDERS = ['src/handlers'];

/** Where codegen keeps what it remembers between runs; deleting it only costs one full run. */
export function stateFolder(root: string): string {
  return join(root, 'node_modules', '.cache', 'wesgine-tools');
}

export function statePath(root: string): string {
  return join(stateFolder(root), 'state.json');
}

export function hashText(text: string | Buffer): string {
  return createHash('sha1').update(text).digest('hex');
}

/**
 * One hash over every input file's path and bytes (absent files count too), the files loading imported
 * last time (`sources`, absolute), the names of the handler files, and `generatorVersion`.
 */
export function inputFingerprint(root: string, generatorVersion: string, sources: readonly string[]): string {
  const hash = createHash('sha1').update(`generator ${generatorVersion}\n`);
  for (const file of NAMED_FOLDERS.flatMap((folder) => listFiles(root, folder)).sort()) hash.update(`named ${file}\n`);
  const files = [...INPUT_FOLDERS.flatMap((folder) => listFiles(root, folder)), ...INPUT_FILES].sort();
  return hashFiles(hash, root, [...files, ...sources]);
}

/** Adds each file's name and bytes (or that it is absent) to `hash`, in the order given; the hex digest. */
export function hashFiles(hash: Hash, root: string, files: readonly string[]): string {
  for (const file of files) {
    hash.update(`${file}\n`);
    try {
      hash.update(readFileSync(resolve(root, file)));
    } catch {
      hash.update('(absent)');
    }
    hash.update('\n');
  }
  return hash.digest('hex');
}

export function readState(root: string): CodegenState | undefined {
  try {
    const state = JSON.parse(readFileSync(statePath(root), 'utf8')) as Partial<CodegenState>;
    if (typeof state.fingerprint !== 'string' || typeof state.outputs !== 'object' || state.outputs === null) {
      return undefined;
    }
    const sources = Array.isArray(state.sources) ? state.sources.filter((item) => typeof item === 'string') : [];
    return { fingerprint: state.fingerprint, sources, typeChecked: state.typeChecked === true, outputs: state.outputs };
  } catch {
    return undefined;
  }
}

export function writeState(root: string, state: CodegenState): void {
  const path = statePath(root);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(state, null, 2)}\n`);
}

/** Every recorded output is on disk with its recorded hash, and the managed folders hold nothing else (but imports). */
export function outputsIntact(root: string, outputs: Readonly<Record<string, string>>): boolean {
  for (const [path, expected] of Object.entries(outputs)) {
    let contents: Buffer;
    try {
      contents = readFileSync(join(root, path));
    } catch {
      return false;
    }
    if (hashText(contents) !== expected) return false;
  }
  return MANAGED_PATHS.flatMap((folder) => listFiles(root, folder)).every(
    (path) => Object.hasOwn(outputs, path) || isImportFile(path),
  );
}
