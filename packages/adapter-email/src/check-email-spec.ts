import type { EmailSpec, MailServer } from '@wesgine/runtime';
import { type MailAddress, parseMailAddress } from './address/mail-address.js';
import { type RecipientPatterns, recipientPatterns } from './address/recipient-patterns.js';

/** `CellSpec.email` checked, with its defaults filled in. */
export interface CheckedEmailSpec {
  readonly smtp: MailServer;
  readonly imap: MailServer;
  readonly from: MailAddress;
  readonly allowRecipients: RecipientPatterns | undefined;
  readonly timeoutMs: number;
  readonly maxMessageBytes: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

const KNOWN = new Set(['smtp', 'imap', 'from', 'allowRecipients', 'timeoutMs', 'maxMessageBytes']);
const SERVER_KNOWN = new Set(['host', 'port', 'secure', 'user', 'password']);

/**
 * Checks `CellSpec.email` and throws an `Error` naming the field and what to write instead; the cell is
 * then not created. Nothing is contacted here: a server that is down is told by the first call.
 */
export function checkEmailSpec(spec: EmailSpec): CheckedEmailSpec {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    throw new Error('email must be an object: { smtp, imap, from, allowRecipients? }');
  }
  const unknown = Object.keys(spec).filter((key) => !KNOWN.has(key));
  if (unknown.length > 0) {
    throw new Error(`email has no field ${quoted(unknown)}; its fields are ${[...KNOWN].join(', ')}`);
  }
  const smtp = checkServer(spec.smtp, 'smtp', false);
  const imap = checkServer(spec.imap, 'imap', true);
  if (typeof spec.from !== 'string')
    throw new Error("email.from must be the sender's address, such as 'Ana <ana@example.org>'");
  const from = parseMailAddress(spec.from);
  if (typeof from === 'string') {
    throw new Error(
      `email.from ${JSON.stringify(spec.from)} is not one address (${from}); write a@example.org or Name <a@example.org>`,
    );
  }
  return Object.freeze({
    smtp,
    imap,
    from,
    allowRecipients: checkPatterns(spec.allowRecipients),
    timeoutMs: checkPositive(spec.timeoutMs, 'email.timeoutMs', DEFAULT_TIMEOUT_MS, 600_000),
    maxMessageBytes: checkPositive(spec.maxMessageBytes, 'email.maxMessageBytes', DEFAULT_MAX_MESSAGE_BYTES, 2 ** 31),
  });
}

function checkServer(server: MailServer | undefined, name: 'smtp' | 'imap', login: boolean): MailServer {
  const field = `email.${name}`;
  if (typeof server !== 'object' || server === null || Array.isArray(server)) {
    throw new Error(`${field} must be an object: { host, port, secure?, user?, password? }`);
  }
  const unknown = Object.keys(server).filter((key) => !SERVER_KNOWN.has(key));
  if (unknown.length > 0) {
    throw new Error(`${field} has no field ${quoted(unknown)}; its fields are ${[...SERVER_KNOWN].join(', ')}`);
  }
  const { host, port, secure, user, password } = server;
  if (typeof host !== 'string' || host.trim() === '' || /[\s/]/.test(host)) {
    throw new Error(`${field}.host must be a host name or an IP address, such as 'mail.example.org'`);
  }
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(
      `${field}.port must be a whole number from 1 to 65535 (${name === 'smtp' ? '587 or 465' : '993 or 143'} usually), not ${JSON.stringify(port)}`,
    );
  }
  if (secure !== undefined && typeof secure !== 'boolean') throw new Error(`${field}.secure must be true or false`);
  if (user !== undefined && (typeof user !== 'string' || user === ''))
    throw new Error(`${field}.user must be a non-empty string`);
  if (password !== undefined && typeof password !== 'string') throw new Error(`${field}.password must be a string`);
  if ((user === undefined) !== (password === undefined)) {
    throw new Error(`${field} needs user and password together, or neither`);
  }
  if (login && user === undefined) throw new Error(`${field} needs a user and a password: IMAP always logs in`);
  return Object.freeze({ ...server, host: host.trim() });
}

function checkPatterns(patterns: readonly string[] | undefined): RecipientPatterns | undefined {
  if (patterns === undefined) return undefined;
  if (!Array.isArray(patterns) || patterns.length === 0) {
    throw new Error(
      "email.allowRecipients must be a non-empty list of address patterns, such as ['*@example.com']; leave it out to allow any address",
    );
  }
  const compiled = recipientPatterns(patterns);
  if (typeof compiled === 'string') throw new Error(`email.allowRecipients${compiled}`);
  return compiled;
}

function checkPositive(value: number | undefined, field: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`${field} must be a whole number from 1 to ${max}, not ${JSON.stringify(value)}`);
  }
  return value;
}

function quoted(keys: readonly string[]): string {
  return keys.map((key) => `'${key}'`).join(', ');
}
