import type { NamedPath } from '@wesgine/schema';

/** Every path a patch adds, deletes, updates or moves to, for governance (placeholder: filled by the patch parser). */
export function patchPaths(_input: string): readonly NamedPath[] {
  return [];
}
