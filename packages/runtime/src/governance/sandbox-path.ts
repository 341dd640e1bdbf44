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

/**
 * The Sandbox's judgement of one path argument. The text is taken literally (no `~`, no URL decoding),
 * resolved against `workDir`, then resolved again through every symlink (dangling ones by their text).
 * Both forms must lie inside an allowed root and outside every denied one, by path components. A write
 * may not go to a file with other hard links (its content is shared with a path we cannot see).
 */
export function judgePath(input: string, access: PathAccess, roots: SandboxRoots): SandboxPathDecision {
  const refuse = (reason: string): SandboxPathDecision => ({ allow: false, code: 'path_not_allowed', reason });
  if (input.length === 0) return refuse('the path is empty');
  if (CONTROL.test(input)) return refuse(`the path ${JSON.stringify(input)} contains control characters`);
  if (input.length > MAX_PATH) return refuse(`the path is ${input.length} characters long; the limit is ${MAX_PATH}`);
  if (input.split('/').some((part) => part.length > MAX_COMPONENT)) {
    return refuse(`a part of the path is longer than ${MAX_COMPONENT} characters`);
  }
  if (access === 'write' && DECEPTIVE.test(input)) {
    return refuse(`the path ${JSON.stringify(input)} contains invisible or direction-changing characters`);
  }
  const lexical = resolve(roots.workDir, input);
  let real: string;
  try {
    real = realPathOf(lexical);
  } catch (error) {
    if (error instanceof PathLoopError) return refuse(`${input}: ${error.message}`);
    return refuse(`${input} cannot be resolved: ${(error as Error).message}`);
  }
  const allowed = (roots.allowPaths.length > 0 ? roots.allowPaths : [roots.workDir]).map((root) => resolve(root));
  const denied = roots.denyPaths.map((root) => resolve(roots.workDir, root));
  const outside = `${input} is outside the allowed folders (${allowed.join(', ')})`;
  if (!allowed.some((root) => isInside(lexical, root))) return refuse(outside);
  if (!allowed.some((root) => isInside(real, realPathOf(root)))) {
    return refuse(`${input} leads outside the allowed folders through a symbolic link (to ${real})`);
  }
  const deniedRoot = denied.find((root) => isInside(lexical, root) || isInside(real, realPathOf(root)));
  if (deniedRoot !== undefined) return refuse(`${input} is inside ${deniedRoot}, which is denied`);
  if (access === 'write' && hasOtherHardLinks(real)) {
    return refuse(`${input} has other hard links; writing it would change a file elsewhere`);
  }
  return { allow: true, lexical, real };
}

function hasOtherHardLinks(path: string): boolean {
  try {
    const stats = lstatSync(path);
    return stats.isFile() && stats.nlink > 1;
  } catch {
    return false;
  }
}
