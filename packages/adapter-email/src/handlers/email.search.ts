import type { ToolHandler } from '@wesgine/schema';
import type { EmailSearchArgs } from '../../generated/types.gen.js';
import { summaryLine } from '../imap/message-summary.js';
import { searchMessages, searchQuery } from '../imap/search-messages.js';
import { mailCell } from '../mail-cell.js';

const DEFAULT_LIMIT = 20;

/** Handles `email.search`: one IMAP SEARCH in a mailbox opened read-only, then the newest matches' envelopes. */
export const emailSearch: ToolHandler<EmailSearchArgs> = async (args, context) => {
  const mail = mailCell(context.cellId);
  const mailbox = args.mailbox ?? 'INBOX';
  const query = searchQuery(args);
  const limit = args.limit ?? DEFAULT_LIMIT;
  const result = await mail.imap.use(context.signal, (client) => searchMessages(client, mailbox, query, limit));
  if (result.total === 0) return { text: `No message in ${JSON.stringify(mailbox)} matches.`, data: result };
  const shown = result.messages.length;
  const head =
    shown < result.total
      ? `${result.total} messages in ${JSON.stringify(mailbox)} match; the newest ${shown} (narrow the search, or raise limit, for the others):`
      : `${result.total} message${result.total === 1 ? '' : 's'} in ${JSON.stringify(mailbox)} match${result.total === 1 ? 'es' : ''}, newest first:`;
  return { text: [head, ...result.messages.map(summaryLine)].join('\n'), data: result };
};
