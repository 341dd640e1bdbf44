import { lstatSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PathAccess } from '@wesgine/schema';
import { isInside, PathLoopError, realPathOf } from './real-path.js';

export interface SandboxRoots {
  readonly workDir: string;
  /** Where paths may lead; `[workDir]` when empty. */
  readonly allowPaths: readonly string[];
  /** Where they may never lead, even inside an allowed root. */
  readonly denyPaths: readonly string[];
}

export type SandboxPathDecision =
  | { readonly allow: true; readonly lexical: string; readonly real: string }
  | { readonly allow: false; readonly code: 'path_not_allowed'; readonly reason: string };

const MAX_PATH = 4096;
const MAX_COMPONENT = 255;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this rejects
const CONTROL = /[\u0000-\u001f\u007f]/;
/** Bidirectional overrides and zero-width characters: they make a written name look like another. */
const DECEPTIVE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

/** Allowed and denied roots, each in its lexical and real form, computed once per run. */
export interface PreparedRoots {
  readonly allowed: readonly { readonly lexical: string; readonly real: string }[];
  readonly denied: readonly { readonly lexical: string; readonly real: string }[];
}

export function prepareRoots(roots: SandboxRoots): PreparedRoots {
  const both = (path: string) => ({ lexical: path, real: realPathOf(path) });
  return {
    allowed: (roots.allowPaths.length > 0 ? roots.allowPaths : [roots.workDir]).map((root) => both(resolve(root))),
    denied: roots.denyPaths.map((root) => both(resolve(roots.workDir, root))),
  };
}

export type ResolvedArgument =
  | { readonly allow: true; readonly lexical: string; readonly real: string }
  | { readonly allow: false; readonly code: 'path_not_allowed'; readonly reason: string };

const refuse = (reason: string): { allow: false; code: 'path_not_allowed'; reason: string } => ({
  allow: false,
  code: 'path_not_allowed',
  reason,
});

/**
 * A path argument's two forms: the text taken literally (no `~`, no URL decoding) and resolved against
 * `workDir`, then resolved again through every symlink (dangling ones by their text). Refuses text no
 * file system should see: control characters, overlong paths, and for writes invisible or
 * direction-changing characters.
 */
export function resolveArgument(input: string, access: PathAccess, workDir: string): ResolvedArgument {
  if (input.length === 0) return refuse('the path is empty');
  if (CONTROL.test(input)) return refuse(`the path ${JSON.stringify(input)} contains control characters`);
  if (input.length > MAX_PATH) return refuse(`the path is ${input.length} characters long; the limit is ${MAX_PATH}`);
  if (input.split('/').some((part) => part.length > MAX_COMPONENT)) {
    return refuse(`a part of the path is longer than ${MAX_COMPONENT} characters`);
  }
  if (access === 'write' && DECEPTIVE.test(input)) {
    return refuse(`the path ${JSON.stringify(input)} contains invisible or direction-changing characters`);
  }
  const lexical = resolve(workDir, input);
  try {
    return { allow: true, lexical, real: realPathOf(lexical) };
  } catch (error) {
    if (error instanceof PathLoopError) return refuse(`${input}: ${error.message}`);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR')
      return refuse(`${input} cannot exist: a part of it before the last is a file, not a folder`);
    if (code === 'EACCES') return refuse(`${input} cannot be resolved: a folder on the way may not be entered`);
    return refuse(`${input} cannot be resolved (${code ?? (error as Error).message})`);
  }
}

/**
 * The Sandbox's containment rule: both forms inside an allowed root and outside every denied one, by
 * path components. A write may not go to a file with other hard links (its content is shared with a
 * path we cannot see).
 */
export function containPath(
  input: string,
  paths: { readonly lexical: string; readonly real: string },
  access: PathAccess,
  roots: PreparedRoots,
): SandboxPathDecision {
  const { lexical, real } = paths;
  if (!roots.allowed.some((root) => isInside(lexical, root.lexical))) {
    return refuse(`${input} is outside the allowed folders (${roots.allowed.map((root) => root.lexical).join(', ')})`);
  }
  if (!roots.allowed.some((root) => isInside(real, root.real))) {
    return refuse(`${input} leads outside the allowed folders through a symbolic link (to ${real})`);
  }
  const deniedRoot = roots.denied.find((root) => isInside(lexical, root.lexical) || isInside(real, root.real));
  if (deniedRoot !== undefined) return refuse(`${input} is inside ${deniedRoot.lexical}, which is denied`);
  if (access === 'write' && hasOtherHardLinks(real)) {
    return refuse(`${input} has other hard links; writing it would change a file elsewhere`);
  }
  return { allow: true, lexical, real };
}

/** `resolveArgument` then `containPath`: the whole Sandbox judgement of one path, for one-off use. */
export function judgePath(input: string, access: PathAccess, roots: SandboxRoots): SandboxPathDecision {
  const resolved = resolveArgument(input, access, roots.workDir);
  return resolved.allow ? containPath(input, resolved, access, prepareRoots(roots)) : resolved;
}

function hasOtherHardLinks(path: string): boolean {
  try {
    const stats = lstatSync(path);
    return stats.isFile() && stats.nlink > 1;
  } catch {
    return false;
  }
}
