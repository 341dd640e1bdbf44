// Recipient patterns, one syntax for the cell's `email.allowRecipients` and the Zone's `recipients`
// rules:
// - a pattern is `local@domain`, exactly one "@", matched against the address without its name;
// - case-insensitive, both parts (a server may tell `Bob` from `bob`; a policy should not have to);
// - `*` matches any run of characters except "@" (none included), so it never crosses the parts:
//   `*@example.com` is every address at example.com (not at its subdomains), `bob@example.org` is that
//   one address, `*@*.example.com` is every address at a subdomain of example.com (not example.com
//   itself), `*@*` is any address.
import { asciiDomain } from './recipient-address.js';

/** One compiled recipient pattern. */
export interface RecipientPattern {
  /** As written. */
  readonly text: string;
  /** The part before "@", lower-case, `*` kept. */
  readonly local: string;
  /** The part after "@", lower-case, `*` kept. */
  readonly domain: string;
}

const LOCAL = /^[\p{L}\p{N}!#$%&'+/=?^_`{|}~.-]+$/u;
const DOMAIN = /^(?:(?!-)[\p{L}\p{N}-]{1,63}(?<!-)\.)*(?!-)[\p{L}\p{N}-]{1,63}(?<!-)$/u;

/** Compiles one pattern, or says (without a final period) why it is not one. */
export function compileRecipientPattern(text: string): RecipientPattern | string {
  const at = text.indexOf('@');
  if (at === -1 || text.indexOf('@', at + 1) !== -1) {
    return `"${text}" is not a recipient pattern: write local@domain with exactly one "@", "*" for any run of characters (*@example.com)`;
  }
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  // With each `*` standing for one letter, what is left must read as an address.
  if (local === '' || !LOCAL.test(local.replaceAll('*', 'x')) || /^\.|\.$|\.\./u.test(local.replaceAll('*', 'x'))) {
    return `"${text}" is not a recipient pattern: the part before "@" must be letters, digits, "*" or the characters an address allows`;
  }
  if (!DOMAIN.test(domain.replaceAll('*', 'x'))) {
    return `"${text}" is not a recipient pattern: the part after "@" must be a domain (letters, digits and inner "-" between dots), "*" for any run of characters`;
  }
  // The domain as addresses are judged: its ASCII form, label by label, since `*` is no letter IDNA knows.
  const labels = domain.split('.').map((label) => (label.includes('*') ? label.toLowerCase() : asciiDomain(label)));
  if (labels.some((label) => label === undefined || (label.includes('*') && !/^[\x21-\x7e]*$/.test(label)))) {
    return `"${text}" is not a recipient pattern: a label of another script cannot hold "*"; write it whole, or "*" alone`;
  }
  return { text, local: local.toLowerCase(), domain: labels.join('.') };
}

/** Whether `address` (`local@domain`, as `parseRecipient` gives it) matches `pattern`. */
export function matchesRecipient(pattern: RecipientPattern, address: string): boolean {
  const at = address.lastIndexOf('@');
  if (at === -1) return false;
  const local = address.slice(0, at);
  // The local part of an address has no "@" (parseRecipient refuses one): a "*" cannot cross the parts.
  if (local.includes('@')) return false;
  // An address not read by `parseRecipient` may still spell its domain in another script.
  const domain = asciiDomain(address.slice(at + 1));
  return domain !== undefined && wildcard(pattern.local, local.toLowerCase()) && wildcard(pattern.domain, domain);
}

/**
 * Whether `text` matches `pattern`, where `*` is any run of characters: greedy with one step back to
 * the latest `*`, so time stays proportional to the lengths' product however many `*` a pattern has
 * (no regular expression to backtrack).
 */
function wildcard(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = t;
    } else if (p < pattern.length && pattern[p] === text[t]) {
      p++;
      t++;
    } else if (star !== -1) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}
