/** One mail address as the adapter sends to it: the display name (may be empty) and the address. */
export interface MailAddress {
  readonly name: string;
  /** `local@domain`, the local part as given, the domain lower-cased. */
  readonly address: string;
}

// What may stand in an address: no spaces, no brackets or quotes, no separators that would make one
// value two addresses. The domain is dot-separated labels of letters (any script), digits and hyphens.
const LOCAL = /^[^\s<>()[\]\\,;:"@]{1,64}$/u;
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
// The display name: anything printable but the angle brackets; quotes around it are taken off.
const NAMED = /^(?<name>[^<>]*?)\s*<(?<address>[^<>]*)>$/u;

/**
 * Reads one address written as `a@example.org` or `Name <a@example.org>`; `undefined` when the text is
 * not exactly one such address (two addresses, a group, control characters, no `@`).
 */
export function parseMailAddress(text: string): MailAddress | undefined {
  // Control characters (a line break could start a new header) never belong in an address.
  if (/\p{Cc}/u.test(text)) return undefined;
  const trimmed = text.trim();
  const named = NAMED.exec(trimmed);
  const rawName = named?.groups?.name?.trim() ?? '';
  const name = /^"(.*)"$/u.exec(rawName)?.[1] ?? rawName;
  if (name.includes('"')) return undefined;
  const address = bareAddress(named === null ? trimmed : (named.groups?.address ?? ''));
  return address === undefined ? undefined : { name, address };
}

/** The address of `Name <a@b>` as the server sees it in `MAIL FROM` and `RCPT TO`. */
export function formatMailAddress(address: MailAddress): string {
  return address.name === '' ? address.address : `${address.name} <${address.address}>`;
}

function bareAddress(text: string): string | undefined {
  const at = text.lastIndexOf('@');
  if (at <= 0 || at !== text.indexOf('@')) return undefined;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1).toLowerCase();
  if (!LOCAL.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return undefined;
  if (domain.length === 0 || domain.length > 253) return undefined;
  if (!domain.split('.').every((label) => LABEL.test(label))) return undefined;
  return `${local}@${domain}`;
}
