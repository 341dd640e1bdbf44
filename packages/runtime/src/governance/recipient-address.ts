import { domainToASCII } from 'node:url';
/**
 * One mail address as governance judges it: `local@domain` with the domain lower-cased and the local
 * part as given (mail servers may treat its case as meaningful; governance compares it without case).
 */
export interface RecipientAddress {
  /** `local@domain`, the form the Sandbox, the Zone and the audit (`recipient:<address>`) see. */
  readonly address: string;
  readonly local: string;
  /** Lower-case. */
  readonly domain: string;
  /** The display name of `Name <a@b.c>`, without quotes; undefined for a bare address. */
  readonly name: string | undefined;
}

const MAX_LOCAL = 64;
const MAX_ADDRESS = 254;
/** The characters of an unquoted local part (RFC 5322 atext, and any letter or digit for SMTPUTF8). */
const LOCAL = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
/** A domain in its ASCII form (punycode for other scripts), lower-case; undefined when it has none. */
export function asciiDomain(domain: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is the range being tested for
  if (/^[\x00-\x7f]*$/.test(domain)) return domain.toLowerCase();
  const ascii = domainToASCII(domain);
  return ascii === '' ? undefined : ascii;
}

/** One label of a domain: letters (any script), digits and inner hyphens. */
const LABEL = /^(?!-)[\p{L}\p{N}-]{1,63}(?<!-)$/u;
/** Line breaks and other control characters: in a header they would start another header. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/**
 * Reads one recipient: `a@b.c` or `Name <a@b.c>` (the name may be quoted: `"Doe, Jane" <j@x.org>`).
 * Returns the address, or a sentence (no final period) saying why the text is not one address.
 */
export function parseRecipient(text: string): RecipientAddress | string {
  if (CONTROL.test(text)) return 'it holds a line break or another control character';
  const trimmed = text.trim();
  if (trimmed === '') return 'it is empty';
  let name: string | undefined;
  let bare = trimmed;
  if (trimmed.endsWith('>')) {
    const open = trimmed.lastIndexOf('<');
    if (open === -1) return 'it ends with ">" but has no "<" before the address';
    const display = readDisplayName(trimmed.slice(0, open).trim());
    if (typeof display === 'object') name = display.name;
    else return display;
    bare = trimmed.slice(open + 1, -1).trim();
  } else if (trimmed.includes('<') || trimmed.includes('>')) {
    return 'write a named address as Name <address>, with the address last';
  }
  return readAddress(bare, name);
}

/** The name before `<address>`: empty, plain words, or one quoted string. */
function readDisplayName(text: string): { readonly name: string | undefined } | string {
  if (text === '') return { name: undefined };
  if (text.startsWith('"')) {
    const match = /^"((?:[^"\\]|\\.)*)"$/u.exec(text);
    if (match === null) return 'its quoted name is not closed, or text follows the closing quote';
    return { name: (match[1] as string).replace(/\\(.)/gu, '$1') };
  }
  if (/[",;<>@]/u.test(text)) return manyOrNamed(text);
  return { name: text };
}

function manyOrNamed(text: string): string {
  if (text.includes('@')) return 'it holds more than one address; give one address per value';
  return 'a name with a comma, semicolon, "<", ">" or a quote in it must be in double quotes';
}

function readAddress(text: string, name: string | undefined): RecipientAddress | string {
  if (/[,;]/u.test(text) || /\s/u.test(text)) {
    return text.split(/[\s,;]+/u).filter((part) => part.includes('@')).length > 1
      ? 'it holds more than one address; give one address per value'
      : 'an address has no spaces, commas or semicolons in it';
  }
  const at = text.lastIndexOf('@');
  if (at === -1) return 'it has no "@"';
  const local = text.slice(0, at);
  const domain = text.slice(at + 1).toLowerCase();
  if (local.includes('@')) return 'it has more than one "@"';
  if (local === '') return 'nothing comes before the "@"';
  if (domain === '') return 'no domain follows the "@"';
  if (local.length > MAX_LOCAL) return `the part before the "@" is longer than ${MAX_LOCAL} characters`;
  if (!LOCAL.test(local)) {
    return 'the part before the "@" holds a character an address cannot have unquoted, or dots at its ends or side by side';
  }
  const labels = domain.endsWith('.') ? domain.slice(0, -1).split('.') : domain.split('.');
  if (!labels.every((label) => LABEL.test(label))) {
    return `"${domain}" is not a domain (letters, digits and inner "-" between dots)`;
  }
  // One domain, one spelling: `bücher.de` and `xn--bcher-kva.de` are the same, and a look-alike letter
  // from another script shows as what it is (`xn--exmple-4nf.com`), in rules and in questions alike.
  const ascii = asciiDomain(labels.join('.'));
  if (ascii === undefined) return `"${domain}" is not a domain that can be written in ASCII (IDNA)`;
  const address = `${local}@${ascii}`;
  if (address.length > MAX_ADDRESS) return `it is longer than ${MAX_ADDRESS} characters`;
  return { address, local, domain: ascii, name };
}
