import { ToolError } from '@wesgine/schema';
import type { FileChange } from '../fs/commit-changes.js';
import { readTextFile } from '../fs/text-file.js';
import { applyChunks } from './apply-chunks.js';
import type { PatchSection } from './patch-model.js';
import { inspectTarget, type Target, type TargetKind } from './patch-targets.js';

/** One line of the summary: `A new.txt`, `M a.txt`, `M old.txt -> new.txt`, `D gone.txt`. */
export interface SummaryLine {
  readonly mark: 'A' | 'M' | 'D';
  readonly text: string;
}

/** Everything a patch will write and delete, computed before anything is touched. */
export interface PatchPlan {
  readonly changes: readonly FileChange[];
  readonly summary: readonly SummaryLine[];
}

/**
 * Reads every file the patch updates and computes every new content, refusing the whole patch at the
 * first section that cannot apply: an Add or a Move onto something that exists, a Delete or an Update
 * of a file that does not exist, a folder, a binary file.
 */
export async function planChanges(
  sections: readonly PatchSection[],
  targets: ReadonlyMap<string, Target>,
  workDir: string,
): Promise<PatchPlan> {
  const changes: FileChange[] = [];
  const summary: SummaryLine[] = [];
  for (const section of sections) {
    const target = targets.get(section.path) as Target;
    const { text } = target;
    const kind = inspectTarget(target, workDir);
    if (section.kind === 'add') {
      refuseExisting(target, kind, `'*** Add File' only creates new files; change it with '*** Update File: ${text}'.`);
      changes.push({ path: target.real, content: section.content, shown: text });
      summary.push({ mark: 'A', text: target.shown });
      continue;
    }
    requireFile(target, kind, section.kind === 'delete' ? 'deleted' : 'updated');
    if (section.kind === 'delete') {
      changes.push({ path: target.real, shown: text });
      summary.push({ mark: 'D', text: target.shown });
      continue;
    }
    const file = await readTextFile(target.real, text);
    const content = applyChunks(file.text, section.chunks, text);
    const destination = section.moveTo === undefined ? undefined : (targets.get(section.moveTo) as Target);
    // Inspected even when it is the file itself: a link back to the file is refused like any link.
    const destinationKind = destination === undefined ? undefined : inspectTarget(destination, workDir);
    if (destination === undefined || destinationKind === undefined || destination.real === target.real) {
      changes.push({ path: target.real, content, shown: text });
      summary.push({ mark: 'M', text: target.shown });
      continue;
    }
    refuseExisting(
      destination,
      destinationKind,
      `'*** Move to' never replaces a file; move ${text} to a path that is free.`,
    );
    changes.push({ path: destination.real, content, shown: destination.text }, { path: target.real, shown: text });
    summary.push({ mark: 'M', text: `${target.shown} -> ${destination.shown}` });
  }
  return { changes, summary };
}

function refuseExisting(target: Target, kind: TargetKind, advice: string): void {
  if (kind === 'none') return;
  const what = kind === 'folder' ? 'a folder' : kind === 'file' ? 'a file' : 'not a regular file';
  throw new ToolError('file_exists', `${target.text} already exists (${what}). ${advice}`);
}

function requireFile(target: Target, existing: TargetKind, done: 'deleted' | 'updated'): void {
  const { text } = target;
  if (existing === 'none') {
    const advice = done === 'updated' ? ` To create it, use '*** Add File: ${text}'.` : '';
    throw new ToolError('file_not_found', `${text} does not exist, so it cannot be ${done}.${advice}`);
  }
  if (existing === 'folder') {
    throw new ToolError(
      'not_a_file',
      `${text} is a folder; a patch ${done === 'deleted' ? 'deletes' : 'updates'} files only.`,
    );
  }
  if (existing === 'other') {
    throw new ToolError(
      'not_a_file',
      `${text} is not a regular file (a device, pipe or socket), so it cannot be ${done}.`,
    );
  }
}
