import type { ToolSession } from '@wesgine/schema';
import { type CommittedChange, commitChanges, type FileChange } from '../fs/commit-changes.js';
import { recordRead } from '../fs/read-ledger.js';
import { hashOf } from '../fs/text-file.js';

/**
 * Commits `changes` (all or none), then notes that the session has seen what it just wrote: its next
 * change of those files needs no new read. The stat recorded is the one the commit took through the
 * file's pinned folder, never a fresh look by path.
 */
export async function commitSeen(session: ToolSession, changes: readonly FileChange[]): Promise<CommittedChange[]> {
  const committed = await commitChanges(changes);
  committed.forEach(({ path, stat }, index) => {
    const content = changes[index]?.content;
    if (stat !== undefined && content !== undefined) recordRead(session, path, stat, hashOf(content));
  });
  return committed;
}
