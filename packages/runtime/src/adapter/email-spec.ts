/** One mail server the email adapter talks to. */
export interface MailServer {
  readonly host: string;
  readonly port: number;
  /** TLS from the first byte (ports 465 and 993); otherwise plain, upgraded with STARTTLS when offered. */
  readonly secure?: boolean;
  /** The login; with it, `password` too. Without one the adapter does not log in (SMTP relays on loopback). */
  readonly user?: string;
  readonly password?: string;
}

/**
 * `CellSpec.email`: sending through SMTP and reading through IMAP as one mailbox. Recipients are judged
 * by governance: outside `allowRecipients` they are refused; the Zone's `recipients` rules decide the
 * rest, and sending asks a person unless a rule allows it.
 */
export interface EmailSpec {
  readonly smtp: MailServer;
  /** The mailbox `email.search` and `email.read` look in; IMAP always logs in, so it needs `user` and `password`. */
  readonly imap: MailServer;
  /** The sender's address (`Name <a@b.c>` or `a@b.c`). */
  readonly from: string;
  /**
   * Address patterns a message may go to (`*@example.com`, `bob@example.org`, `*@*.example.com` for
   * subdomains only; case-insensitive, `*` never crosses the `@`); any address when absent.
   */
  readonly allowRecipients?: readonly string[];
  /** How long to wait for a server to connect, greet and answer each step, in ms. Default 15 000. */
  readonly timeoutMs?: number;
  /**
   * The largest message `email.send` builds (its attachments together) and `email.read` fetches, in
   * bytes. Default 25 MiB, what most providers accept.
   */
  readonly maxMessageBytes?: number;
}
