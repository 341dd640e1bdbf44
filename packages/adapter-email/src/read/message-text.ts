import { htmlToMarkdown } from '@wesgine/builtins/html';
import type { AddressObject, ParsedMail } from 'mailparser';
import { formatBytes } from '../format-bytes.js';
import { oneLine } from '../imap/message-summary.js';
import type { SaveOutcome } from './save-attachments.js';

/** One attachment as `email.read` tells it (and gives programs as `data`). */
export interface AttachmentInfo {
  readonly filename: string | undefined;
  readonly contentType: string;
  readonly size: number;
  readonly inline: boolean;
  readonly savedTo?: string;
  readonly skipped?: string;
}

/** A read message for programs: its headers, body and attachments. */
export interface ReadMessage {
  readonly mailbox: string;
  readonly uid: number;
  readonly from: string;
  readonly to: string;
  readonly cc: string;
  readonly replyTo: string;
  readonly date: string | undefined;
  readonly subject: string;
  readonly messageId: string | undefined;
  readonly inReplyTo: string | undefined;
  readonly seen: boolean;
  /** `text` from a text/plain part; `markdown` from an HTML-only body. */
  readonly bodyFrom: 'text' | 'markdown' | 'none';
  readonly body: string;
  readonly attachments: readonly AttachmentInfo[];
}

/** The parsed message as what `email.read` returns. */
export function readMessage(
  mailbox: string,
  uid: number,
  seen: boolean,
  hasPlainText: boolean,
  parsed: ParsedMail,
  saved: readonly SaveOutcome[] | undefined,
  shown: (path: string) => string,
): ReadMessage {
  const text = hasPlainText ? (parsed.text ?? '') : '';
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  const [bodyFrom, body] =
    text.trim() !== ''
      ? (['text', text.replace(/\r\n/g, '\n').trimEnd()] as const)
      : html.trim() !== ''
        ? (['markdown', htmlToMarkdown(html).markdown] as const)
        : (['none', ''] as const);
  return {
    mailbox,
    uid,
    from: addresses(parsed.from),
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    replyTo: addresses(parsed.replyTo),
    date: parsed.date === undefined || Number.isNaN(parsed.date.getTime()) ? undefined : parsed.date.toISOString(),
    subject: oneLine(parsed.subject ?? ''),
    messageId: parsed.messageId === undefined ? undefined : oneLine(parsed.messageId),
    inReplyTo: parsed.inReplyTo === undefined ? undefined : oneLine(parsed.inReplyTo),
    seen,
    bodyFrom,
    body,
    attachments: parsed.attachments.map((attachment, index) => {
      const outcome = saved?.[index];
      return {
        filename:
          attachment.filename === undefined || oneLine(attachment.filename) === ''
            ? undefined
            : oneLine(attachment.filename),
        contentType: attachment.contentType,
        size: attachment.size ?? attachment.content.length,
        inline: attachment.contentDisposition === 'inline' || attachment.related === true,
        ...(outcome === undefined
          ? {}
          : 'saved' in outcome
            ? { savedTo: shown(outcome.saved) }
            : { skipped: outcome.skipped }),
      };
    }),
  };
}

/** The message as the text the model reads: headers, a blank line, the attachments, the body. */
export function messageText(message: ReadMessage): string {
  const lines = [`Message uid ${message.uid} in ${JSON.stringify(message.mailbox)}${message.seen ? '' : ' (unread)'}`];
  const header = (name: string, value: string | undefined) => {
    if (value !== undefined && value !== '') lines.push(`${name}: ${value}`);
  };
  header('From', message.from);
  header('To', message.to);
  header('Cc', message.cc);
  header('Reply-To', message.replyTo);
  header('Date', message.date === undefined ? undefined : `${message.date.slice(0, 19).replace('T', ' ')} UTC`);
  header('Subject', message.subject === '' ? '(no subject)' : message.subject);
  header('Message-ID', message.messageId);
  header('In-Reply-To', message.inReplyTo);
  if (message.attachments.length > 0) {
    lines.push(`Attachments (${message.attachments.length}):`);
    for (const attachment of message.attachments) {
      const parts = [attachment.filename ?? '(no name)', attachment.contentType, formatBytes(attachment.size)];
      if (attachment.inline) parts.push('inline');
      if (attachment.savedTo !== undefined) parts.push(`saved as ${attachment.savedTo}`);
      if (attachment.skipped !== undefined) parts.push(`not saved: ${attachment.skipped}`);
      lines.push(`- ${parts.join(' · ')}`);
    }
  }
  lines.push('');
  if (message.bodyFrom === 'none') lines.push('(the message has no text)');
  else {
    if (message.bodyFrom === 'markdown') lines.push('(the HTML body, as Markdown)');
    lines.push(message.body);
  }
  return lines.join('\n');
}

function addresses(value: AddressObject | AddressObject[] | undefined): string {
  if (value === undefined) return '';
  const all = (Array.isArray(value) ? value : [value]).flatMap((entry) => entry.value);
  return all
    .flatMap((entry) => (entry.group === undefined ? [entry] : entry.group))
    .map((entry) => {
      const name = oneLine(entry.name ?? '');
      const address = entry.address ?? '';
      return name === '' || name === address ? address : `${name} <${address}>`;
    })
    .join(', ');
}
