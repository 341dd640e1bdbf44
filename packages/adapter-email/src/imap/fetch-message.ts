import { ToolError } from '@wesgine/schema';
import type { ImapFlow, MessageStructureObject } from 'imapflow';
import { formatBytes } from '../format-bytes.js';
import { withMailbox } from './open-mailbox.js';

/** One message as fetched for `email.read`: its raw bytes and whether it has a plain-text part. */
export interface FetchedMessage {
  readonly uid: number;
  readonly source: Buffer;
  readonly seen: boolean;
  readonly hasPlainText: boolean;
}

/**
 * Fetches one message by uid from a mailbox opened read-only. Its size is asked first, so a message
 * over `maxBytes` is refused before a byte of it is downloaded.
 */
export async function fetchMessage(
  client: ImapFlow,
  mailbox: string,
  uid: number,
  maxBytes: number,
): Promise<FetchedMessage> {
  return withMailbox(client, mailbox, async () => {
    const head = await client.fetchOne(
      String(uid),
      { uid: true, size: true, flags: true, bodyStructure: true },
      { uid: true },
    );
    if (head === false || head.uid !== uid) {
      throw new ToolError(
        'not_found',
        `there is no message with uid ${uid} in ${JSON.stringify(mailbox)}; email.search lists the uids there`,
      );
    }
    if (head.size !== undefined && head.size > maxBytes) {
      throw new ToolError(
        'file_too_large',
        `message uid ${uid} is ${formatBytes(head.size)}, more than the ${formatBytes(maxBytes)} email.read takes (email.maxMessageBytes)`,
      );
    }
    const full = await client.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
    if (full === false || full.source === undefined) {
      throw new ToolError('not_found', `message uid ${uid} in ${JSON.stringify(mailbox)} went away while it was read`);
    }
    return {
      uid,
      source: full.source,
      seen: head.flags?.has('\\Seen') === true,
      hasPlainText: head.bodyStructure !== undefined && hasPlainText(head.bodyStructure),
    };
  });
}

/** Whether the message has a text/plain part that is its body (not an attached text file). */
function hasPlainText(node: MessageStructureObject): boolean {
  if (node.childNodes !== undefined && node.childNodes.length > 0) return node.childNodes.some(hasPlainText);
  return node.type === 'text/plain' && node.disposition !== 'attachment';
}
