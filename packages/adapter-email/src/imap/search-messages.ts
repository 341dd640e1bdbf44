import { ToolError } from '@wesgine/schema';
import type { ImapFlow, SearchObject } from 'imapflow';
import type { EmailSearchArgs } from '../../generated/types.gen.js';
import { type MessageSummary, messageSummary } from './message-summary.js';
import { withMailbox } from './open-mailbox.js';

/** What a search found: the newest `limit` matches, newest first, and how many matched in all. */
export interface SearchResult {
  readonly mailbox: string;
  readonly total: number;
  readonly messages: readonly MessageSummary[];
}

/**
 * Searches one mailbox, opened read-only, with a query from `searchQuery`; the newest arrivals (the
 * highest uids) come first.
 */
export async function searchMessages(
  client: ImapFlow,
  mailbox: string,
  query: SearchObject,
  limit: number,
): Promise<SearchResult> {
  return withMailbox(client, mailbox, async () => {
    const found = await client.search(query, { uid: true });
    const uids = (Array.isArray(found) ? found : []).sort((left, right) => right - left);
    const chosen = uids.slice(0, limit);
    if (chosen.length === 0) return { mailbox, total: 0, messages: [] };
    const fetched = await client.fetchAll(
      chosen.join(','),
      { uid: true, envelope: true, flags: true, internalDate: true, size: true, bodyStructure: true },
      { uid: true },
    );
    const messages = fetched.map(messageSummary).sort((left, right) => right.uid - left.uid);
    return { mailbox, total: uids.length, messages };
  });
}

/** The arguments as an IMAP SEARCH; refuses days that do not exist and a `since` after `before`. */
export function searchQuery(args: EmailSearchArgs): SearchObject {
  const since = args.since === undefined ? undefined : day(args.since, 'since');
  const before = args.before === undefined ? undefined : day(args.before, 'before');
  if (since !== undefined && before !== undefined && since.getTime() >= before.getTime()) {
    throw new ToolError(
      'invalid_arguments',
      `since (${args.since}) must be a day before before (${args.before}); nothing can match both`,
    );
  }
  const query: SearchObject = {
    ...(args.from === undefined ? {} : { from: args.from }),
    ...(args.to === undefined ? {} : { to: args.to }),
    ...(args.subject === undefined ? {} : { subject: args.subject }),
    ...(args.text === undefined ? {} : { text: args.text }),
    ...(since === undefined ? {} : { since }),
    ...(before === undefined ? {} : { before }),
    ...(args.unseen === undefined ? {} : { seen: !args.unseen }),
  };
  return Object.keys(query).length === 0 ? { all: true } : query;
}

function day(text: string, name: string): Date {
  const [year, month, date] = text.split('-').map(Number) as [number, number, number];
  const value = new Date(Date.UTC(year, month - 1, date));
  if (value.getUTCFullYear() !== year || value.getUTCMonth() !== month - 1 || value.getUTCDate() !== date) {
    throw new ToolError(
      'invalid_arguments',
      `${name} ${JSON.stringify(text)} is no day of the calendar; write YYYY-MM-DD`,
    );
  }
  return value;
}
