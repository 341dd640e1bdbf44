import type { NamedPath } from '@wesgine/schema';
import { parsePatch } from './parse-patch.js';
import { sectionPaths } from './patch-model.js';

/**
 * Every path a patch adds, deletes, updates or moves to, each once, for governance to check as a write
 * before the handler runs. A patch that does not parse names nothing: the handler refuses it whole.
 */
export function patchPaths(input: string): readonly NamedPath[] {
  if (typeof input !== 'string') return [];
  const parsed = parsePatch(input);
  if (!parsed.ok) return [];
  const paths = new Set(parsed.sections.flatMap(sectionPaths));
  return [...paths].map((path) => ({ path, access: 'write' }));
}
