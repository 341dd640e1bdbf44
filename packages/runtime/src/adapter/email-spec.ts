/** One mail server the email adapter talks to. */
export interface MailServer {
  readonly host: string;
  readonly port: number;
  /** TLS from the first byte (ports 465 and 993); otherwise plain, upgraded with STARTTLS when offered. */
  readonly secure?: boolean;
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
  readonly imap: MailServer;
  /** The sender's address (`Name <a@b.c>` or `a@b.c`). */
  readonly from: string;
  /** Address patterns a message may go to (`*@example.com`, `bob@example.org`); any address when absent. */
  readonly allowRecipients?: readonly string[];
}
