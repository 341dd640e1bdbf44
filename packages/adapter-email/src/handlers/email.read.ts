import { isAbsolute, relative } from 'node:path';
import { ToolError, type ToolHandler } from '@wesgine/schema';
import { simpleParser } from 'mailparser';
import type { EmailReadArgs } from '../../generated/types.gen.js';
import { fetchMessage } from '../imap/fetch-message.js';
import { mailCell } from '../mail-cell.js';
import { messageText, readMessage } from '../read/message-text.js';
import { type SaveOutcome, saveAttachments } from '../read/save-attachments.js';

/**
 * Handles `email.read`: fetches one message from a mailbox opened read-only, parses it with
 * mailparser, and writes its attachments into the folder governance allowed when asked to.
 */
export const emailRead: ToolHandler<EmailReadArgs> = async (args, context) => {
  const mail = mailCell(context.cellId);
  const mailbox = args.mailbox ?? 'INBOX';
  const folder = args.save_attachments_to === undefined ? undefined : context.resolvedPaths.get('/save_attachments_to');
  if (args.save_attachments_to !== undefined && folder === undefined) {
    throw new ToolError('internal', 'save_attachments_to was not checked by governance; nothing was read or saved');
  }
  const fetched = await mail.imap.use(context.signal, (client) =>
    fetchMessage(client, mailbox, args.uid, mail.spec.maxMessageBytes),
  );
  const parsed = await simpleParser(fetched.source, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
    skipTextLinks: true,
  });
  const shown = (path: string) => {
    const inside = relative(mail.workDir, path);
    return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
  };
  let saved: SaveOutcome[] | undefined;
  if (folder !== undefined && args.save_attachments_to !== undefined) {
    context.signal.throwIfAborted();
    saved = await saveAttachments(folder, args.save_attachments_to, parsed.attachments, mail.mayRead);
  }
  const message = readMessage(mailbox, fetched.uid, fetched.seen, fetched.hasPlainText, parsed, saved, shown);
  return { text: messageText(message), data: message };
};
