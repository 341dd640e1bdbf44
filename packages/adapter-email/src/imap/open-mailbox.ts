import { ToolError } from '@wesgine/schema';
import type { ImapFlow } from 'imapflow';

/**
 * Runs `work` with `mailbox` opened read-only (IMAP EXAMINE), so nothing the tools do can change a flag
 * (not even \Seen). A mailbox the server does not have is `not_found`, naming the ones it has.
 */
export async function withMailbox<T>(client: ImapFlow, mailbox: string, work: () => Promise<T>): Promise<T> {
  let lock: Awaited<ReturnType<ImapFlow['getMailboxLock']>>;
  try {
    lock = await client.getMailboxLock(mailbox, { readOnly: true });
    // A mailbox an earlier call left open is a view of then: NOOP lets the server tell what arrived since.
    await client.noop();
  } catch (error) {
    const status = (error as { responseStatus?: unknown }).responseStatus;
    if (status !== 'NO' && status !== 'BAD') throw error;
    const known = (await client.list()).map((entry) => entry.path).sort();
    if (known.includes(mailbox)) throw error;
    throw new ToolError(
      'not_found',
      `there is no mailbox ${JSON.stringify(mailbox)}; the mailboxes are ${known.map((path) => JSON.stringify(path)).join(', ')}`,
    );
  }
  try {
    return await work();
  } finally {
    lock.release();
  }
}
