import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Cell } from '@wesgine/runtime';
import type { KbFolder } from './kb-indexer.js';
import { isAtOrUnder } from './kb-walk.js';
import { shownPath } from './shown-path.js';

/** `kb.maxFileBytes` when not given: 20 MiB. */
export const DEFAULT_MAX_FILE_BYTES = 20 * 1024 * 1024;

const FIELDS = ['folders', 'include', 'exclude', 'maxFileBytes'];

/** `CellSpec.kb` checked, its folders resolved to real paths the cell may read. */
export interface CheckedKbSpec {
  readonly folders: readonly KbFolder[];
  readonly include: readonly string[] | undefined;
  readonly exclude: readonly string[] | undefined;
  readonly maxFileBytes: number;
  /** The real work folder, against which paths are shown. */
  readonly workDir: string;
}

/**
 * Checks `CellSpec.kb` and resolves its folders (against the workDir, links followed). Throws an `Error`
 * saying what to change: a field of the wrong shape, a folder that is missing or a file, one the cell's
 * tools may not read (outside its roots, protected by Hardline, closed by the Zone), or two that overlap.
 */
export function checkKbSpec(cell: Cell, spec: unknown): CheckedKbSpec {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    throw new Error("kb must be an object such as { folders: ['docs'] }");
  }
  const given = spec as Record<string, unknown>;
  const unknown = Object.keys(given).filter((key) => !FIELDS.includes(key));
  if (unknown.length > 0) {
    throw new Error(`kb has no field '${unknown[0]}'; its fields are ${FIELDS.join(', ')}`);
  }
  const folders = stringList(given.folders, 'folders');
  if (folders === undefined || folders.length === 0) {
    throw new Error("kb.folders must list at least one folder to index, such as { folders: ['docs'] }");
  }
  const include = stringList(given.include, 'include');
  const exclude = stringList(given.exclude, 'exclude');
  const maxFileBytes = given.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  if (typeof maxFileBytes !== 'number' || !Number.isSafeInteger(maxFileBytes) || maxFileBytes < 1) {
    throw new Error(`kb.maxFileBytes must be a whole number of bytes above 0; got ${JSON.stringify(maxFileBytes)}`);
  }
  const workDir = realOr(cell.spec.workDir);
  const resolved = folders.map((folder) => resolveFolder(cell, folder, workDir));
  for (const [index, folder] of resolved.entries()) {
    for (const other of resolved.slice(index + 1)) {
      if (isAtOrUnder(other.real, folder.real) || isAtOrUnder(folder.real, other.real)) {
        const [outer, inner] = isAtOrUnder(other.real, folder.real) ? [folder, other] : [other, folder];
        throw new Error(
          `kb folders '${folder.given}' and '${other.given}' overlap (${inner.real} lies in ${outer.real}); list only '${outer.given}'`,
        );
      }
    }
  }
  return {
    folders: resolved.map(({ real, shown }) => ({ real, shown })),
    include,
    exclude,
    maxFileBytes,
    workDir,
  };
}

function stringList(value: unknown, field: string): readonly string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw new Error(`kb.${field} must be a list of strings; got ${JSON.stringify(value)}`);
  value.forEach((item, index) => {
    if (typeof item !== 'string' || item === '' || item.includes('\0')) {
      throw new Error(`kb.${field}[${index}] must be a non-empty string; got ${JSON.stringify(item)}`);
    }
  });
  return Object.freeze([...value]);
}

function resolveFolder(cell: Cell, given: string, workDir: string): KbFolder & { given: string } {
  const lexical = resolve(cell.spec.workDir, given);
  let real: string;
  try {
    real = realpathSync(lexical);
  } catch {
    throw new Error(
      `kb folder '${given}' does not exist (looked for ${lexical}); create it, or take it out of kb.folders`,
    );
  }
  if (!statSync(real).isDirectory()) {
    throw new Error(`kb folder '${given}' is a file, not a folder (${real}); give the folder that holds it`);
  }
  if (!cell.mayRead('kb.search', real)) {
    throw new Error(
      `kb folder '${given}' (${real}) is not one this cell's tools may read: it must lie in the workDir (${workDir}) or an allowPaths entry, and be open under Hardline and the Zone; give such a folder, or add it to allowPaths`,
    );
  }
  return { given, real, shown: shownPath(real, workDir) };
}

function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
