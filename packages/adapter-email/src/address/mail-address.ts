import { parseRecipient } from '@wesgine/runtime';

/** One mail address as the adapter sends to it: the display name (may be empty) and the address. */
export interface MailAddress {
  readonly name: string;
  /** `local@domain`, the local part as given, the domain lower-cased. */
  readonly address: string;
}

/**
 * Reads one address written as `a@example.org` or `Name <a@example.org>` with governance's own parser
 * (`parseRecipient`), so the adapter sends to exactly the address governance judged. Returns the
 * address, or a sentence (no final period) saying why the text is not one address.
 */
export function parseMailAddress(text: string): MailAddress | string {
  const parsed = parseRecipient(text);
  if (typeof parsed === 'string') return parsed;
  return { name: parsed.name ?? '', address: parsed.address };
}

/** The address as a person reads it: `Name <a@b>`, or the bare address. */
export function formatMailAddress(address: MailAddress): string {
  return address.name === '' ? address.address : `${address.name} <${address.address}>`;
}
