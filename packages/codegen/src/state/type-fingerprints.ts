import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { hashFiles, stateFolder } from './fingerprint.js';

/**
 * What one file the handler type check looked at (a handler or a generated `.gen.ts`) passed with: the
 * files its verdict depends on and one hash over their bytes. The list is the file itself, every source
 * it imports (transitively), the tsconfig chain, and for anything inside node_modules the package's
 * `package.json` (so an upgrade of TypeScript, @types/node or @wesgine/schema counts as a change).
 */
export interface TypeFingerprint {
  /** Pack-relative or absolute paths, sorted. */
  readonly files: readonly string[];
  readonly hash: string;
}

/** Only files that passed are recorded: a failing one is checked again on every run. */
export type TypeFingerprints = Readonly<Record<string, TypeFingerprint>>;

const FORMAT = 'wesgine-tools type check 1';

export function typeStatePath(root: string): string {
  return join(stateFolder(root), 'typecheck.json');
}

/** The recorded fingerprints; none when the file is absent, unreadable or not ours (a full check then). */
export function readTypeFingerprints(root: string): TypeFingerprints {
  try {
    const state = JSON.parse(readFileSync(typeStatePath(root), 'utf8')) as { format?: unknown; files?: unknown };
    if (state.format !== FORMAT || typeof state.files !== 'object' || state.files === null) return {};
    const recorded: Record<string, TypeFingerprint> = {};
    for (const [file, entry] of Object.entries(state.files as Record<string, unknown>)) {
      const { files, hash } = (entry ?? {}) as { files?: unknown; hash?: unknown };
      if (typeof hash !== 'string' || !Array.isArray(files) || !files.every((item) => typeof item === 'string')) {
        continue;
      }
      recorded[file] = { files, hash };
    }
    return recorded;
  } catch {
    return {};
  }
}

/** Records `fingerprints`; a cache that cannot be written only means a slower next run. */
export function writeTypeFingerprints(root: string, fingerprints: TypeFingerprints): void {
  const path = typeStatePath(root);
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${JSON.stringify({ format: FORMAT, files: fingerprints }, null, 2)}\n`);
  } catch {
    // A read-only node_modules: the check still ran and its answer stands.
  }
}

/**
 * One hash over `context` (the checker's version and the list of files checked together, since a new
 * handler can change what the others see) and each file's path and bytes, absent files included.
 */
export function typeHash(root: string, context: string, files: readonly string[]): string {
  return hashFiles(createHash('sha1').update(`${context}\n`), root, files);
}

/** The files of `checked` whose recorded fingerprint is missing or no longer matches the disk. */
export function staleFiles(
  root: string,
  context: string,
  checked: readonly string[],
  recorded: TypeFingerprints,
): string[] {
  return checked.filter((file) => {
    const fingerprint = recorded[file];
    return fingerprint === undefined || typeHash(root, context, fingerprint.files) !== fingerprint.hash;
  });
}
