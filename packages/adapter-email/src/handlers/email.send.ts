import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { EmailSendArgs } from '../../generated/types.gen.js';
import { formatMailAddress, type MailAddress, parseMailAddress } from '../address/mail-address.js';
import { formatBytes } from '../format-bytes.js';
import { type MailCell, mailCell } from '../mail-cell.js';
import { readAttachments } from '../smtp/read-attachments.js';
import { type SentMail, sendMail } from '../smtp/send-mail.js';

/**
 * Handles `email.send`. Governance has judged every recipient and attachment path and had a person
 * approve the message; the handler still parses each address itself and checks it against
 * `allowRecipients` again, so nothing outside the list can leave whatever came before.
 */
export const emailSend: ToolHandler<EmailSendArgs> = async (args, context) => {
  const mail = mailCell(context.cellId);
  const to = addresses(args.to, 'to', mail);
  const cc = addresses(args.cc ?? [], 'cc', mail);
  const bcc = addresses(args.bcc ?? [], 'bcc', mail);
  const attachments = await readAttachments(args.attachments ?? [], context, mail.spec.maxMessageBytes);
  const sent = await sendMail(
    mail.spec.smtp,
    mail.spec.timeoutMs,
    {
      from: mail.spec.from,
      to,
      cc,
      bcc,
      subject: args.subject,
      text: args.text,
      html: args.html,
      attachments,
      inReplyTo: args.in_reply_to,
    },
    context.signal,
  );
  return { text: sentText(args, mail, { to, cc, bcc }, attachments, sent), data: sent };
};

function addresses(values: readonly string[], field: string, mail: MailCell): MailAddress[] {
  const allowed = mail.spec.allowRecipients;
  return values.map((value, index) => {
    const address = parseMailAddress(value);
    if (typeof address === 'string') {
      throw new ToolError(
        'invalid_arguments',
        `/${field}/${index} ${JSON.stringify(value)} is not one mail address (${address}); write a@example.org or Name <a@example.org>. Nothing was sent.`,
      );
    }
    if (allowed !== undefined && !allowed.matches(address.address)) {
      throw new ToolError(
        'not_allowed',
        `${address.address} is not an address this cell may send to (${allowed.patterns.join(', ')}). Nothing was sent.`,
      );
    }
    return address;
  });
}

function sentText(
  args: EmailSendArgs,
  mail: MailCell,
  recipients: Record<'to' | 'cc' | 'bcc', readonly MailAddress[]>,
  attachments: readonly { readonly filename: string; readonly content: Buffer }[],
  sent: SentMail,
): string {
  const refused = new Set(sent.rejected.map((entry) => entry.address));
  const list = (entries: readonly MailAddress[]) =>
    entries
      .filter((entry) => !refused.has(entry.address))
      .map(formatMailAddress)
      .join(', ');
  const lines = [`Sent ${JSON.stringify(args.subject)} from ${formatMailAddress(mail.spec.from)}.`];
  for (const field of ['to', 'cc', 'bcc'] as const) {
    const shown = list(recipients[field]);
    if (shown !== '') lines.push(`${field[0]?.toUpperCase()}${field.slice(1)}: ${shown}`);
  }
  if (attachments.length > 0) {
    const files = attachments.map((file) => `${file.filename} (${formatBytes(file.content.length)})`).join(', ');
    lines.push(`Attachments: ${files}`);
  }
  lines.push(`Message-ID: ${sent.messageId}`);
  for (const { address, response } of sent.rejected) {
    lines.push(`The server refused ${address} (${response}): it got nothing.`);
  }
  return lines.join('\n');
}
