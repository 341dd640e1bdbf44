import type { MailServer } from '@wesgine/runtime';
import { createTransport } from 'nodemailer';
import type { MailAddress } from '../address/mail-address.js';
import { smtpFailure } from './smtp-failure.js';

/** A message ready to go: every address parsed, every attachment read. */
export interface OutgoingMail {
  readonly from: MailAddress;
  readonly to: readonly MailAddress[];
  readonly cc: readonly MailAddress[];
  readonly bcc: readonly MailAddress[];
  readonly subject: string;
  readonly text: string;
  readonly html: string | undefined;
  readonly attachments: readonly { readonly filename: string; readonly content: Buffer }[];
  readonly inReplyTo: string | undefined;
}

/** What the server said: its Message-ID, and the recipients it took and refused (with why). */
export interface SentMail {
  readonly messageId: string;
  readonly accepted: readonly string[];
  readonly rejected: readonly { readonly address: string; readonly response: string }[];
  readonly response: string;
}

/**
 * Sends one message through nodemailer, one connection per message (no pool to keep alive). The
 * addresses go in as parsed objects, so no text of the model's is read as a second address; file and
 * URL access of nodemailer are off, so nothing but the given bytes is attached. `signal` cancels it up
 * to the moment the server takes the message.
 */
export async function sendMail(
  server: MailServer,
  timeoutMs: number,
  mail: OutgoingMail,
  signal: AbortSignal,
): Promise<SentMail> {
  const { host, port, secure = false, user, password } = server;
  const transport = createTransport({
    host,
    port,
    secure,
    ...(user === undefined ? {} : { auth: { user, pass: password ?? '' } }),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: Math.max(timeoutMs * 4, 60_000),
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const asObject = (address: MailAddress) => ({ name: address.name, address: address.address });
  try {
    const info = await transport.sendMail({
      from: asObject(mail.from),
      to: mail.to.map(asObject),
      ...(mail.cc.length === 0 ? {} : { cc: mail.cc.map(asObject) }),
      ...(mail.bcc.length === 0 ? {} : { bcc: mail.bcc.map(asObject) }),
      subject: mail.subject,
      text: mail.text,
      ...(mail.html === undefined ? {} : { html: mail.html }),
      attachments: mail.attachments.map(({ filename, content }) => ({ filename, content })),
      ...(mail.inReplyTo === undefined ? {} : { inReplyTo: mail.inReplyTo, references: [mail.inReplyTo] }),
      disableFileAccess: true,
      disableUrlAccess: true,
      signal,
    });
    const refused = (info.rejectedErrors ?? []) as { recipient?: string; response?: string }[];
    return {
      messageId: String(info.messageId),
      accepted: (info.accepted ?? []).map(String),
      rejected: (info.rejected ?? []).map((address: unknown) => {
        const text = typeof address === 'string' ? address : String((address as { address?: unknown }).address);
        const why = refused.find((entry) => entry.recipient === text)?.response ?? 'refused';
        return { address: text, response: why };
      }),
      response: String(info.response ?? ''),
    };
  } catch (error) {
    throw smtpFailure(error, server, timeoutMs);
  } finally {
    transport.close();
  }
}
