import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmailSpec } from '@wesgine/runtime';
import { ImapFlow } from 'imapflow';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import { type Dovecot, startDovecot } from './dovecot.test.fixture.js';
import { startSmtp, type TestSmtp, type TestSmtpOptions } from './smtp.test.fixture.js';

export const MAILBOX_USER = 'wes';
export const MAILBOX_PASSWORD = 'imap-secret';
export const SMTP_USER = 'sender';
export const SMTP_PASSWORD = 'smtp-secret';

/** A real SMTP server and a real Dovecot for one test file, a work folder, and ways to look inside. */
export interface MailServers {
  readonly smtp: TestSmtp;
  readonly dovecot: Dovecot;
  readonly workDir: string;
  /** `CellSpec.email` for these servers, with `extra` over it. */
  spec(extra?: Partial<EmailSpec>): EmailSpec;
  /** Puts a message into a mailbox (made when missing); returns its uid. */
  seed(message: Mail.Options | string, options?: { mailbox?: string; seen?: boolean; date?: Date }): Promise<number>;
  /** The flags of a message, read by a second client (to show the tools changed none). */
  flags(uid: number, mailbox?: string): Promise<string[]>;
  stop(): Promise<void>;
}

/** Starts both servers; with `deliver`, whatever the SMTP server takes lands in the mailbox's INBOX. */
export async function startMailServers(
  options: { deliver?: boolean; refuse?: TestSmtpOptions['refuse']; hold?: TestSmtpOptions['hold'] } = {},
): Promise<MailServers> {
  const dovecot = await startDovecot([{ user: MAILBOX_USER, password: MAILBOX_PASSWORD }]);
  const admin = new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    auth: { user: MAILBOX_USER, pass: MAILBOX_PASSWORD },
    logger: false,
  });
  admin.on('error', () => {});
  await admin.connect();
  const seed: MailServers['seed'] = async (message, { mailbox = 'INBOX', seen = false, date } = {}) => {
    const raw = typeof message === 'string' ? message : await compose(message);
    if (mailbox !== 'INBOX') await admin.mailboxCreate(mailbox).catch(() => {});
    const appended = await admin.append(mailbox, raw, seen ? ['\\Seen'] : [], date);
    if (appended === false || appended.uid === undefined) throw new Error(`append to ${mailbox} failed`);
    return appended.uid;
  };
  const smtp = await startSmtp({
    user: SMTP_USER,
    password: SMTP_PASSWORD,
    ...(options.refuse === undefined ? {} : { refuse: options.refuse }),
    ...(options.hold === undefined ? {} : { hold: options.hold }),
    ...(options.deliver === true ? { onMessage: async (received) => void (await seed(received.raw.toString())) } : {}),
  });
  const workDir = mkdtempSync(join(tmpdir(), 'wesgine-email-work-'));
  return {
    smtp,
    dovecot,
    workDir,
    spec: (extra = {}) => ({
      smtp: { host: smtp.host, port: smtp.port, user: SMTP_USER, password: SMTP_PASSWORD },
      imap: { host: dovecot.host, port: dovecot.port, user: MAILBOX_USER, password: MAILBOX_PASSWORD },
      from: 'Wes Gine <wes@example.org>',
      ...extra,
    }),
    seed,
    flags: async (uid, mailbox = 'INBOX') => {
      const lock = await admin.getMailboxLock(mailbox, { readOnly: true });
      try {
        const message = await admin.fetchOne(String(uid), { flags: true }, { uid: true });
        return message === false ? [] : [...(message.flags ?? [])].filter((flag) => flag !== '\\Recent').sort();
      } finally {
        lock.release();
      }
    },
    stop: async () => {
      await admin.logout().catch(() => admin.close());
      await smtp.stop();
      await dovecot.stop();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/** A message built by nodemailer's composer, as the bytes a server would store. */
export async function compose(message: Mail.Options): Promise<string> {
  const built = await new MailComposer(message).compile().build();
  return built.toString();
}
