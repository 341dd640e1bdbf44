// Host names and IP addresses (the `hostname`, `ipv4` and `ipv6` formats of JSON Schema).

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const OCTET = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const GROUP = /^[0-9a-f]{1,4}$/i;

/** An RFC 1123 host name: dot-separated labels of letters, digits and inner hyphens; a final dot is allowed. */
export function isHostname(value: string): boolean {
  const name = value.endsWith('.') ? value.slice(0, -1) : value;
  if (name.length === 0 || name.length > 253) return false;
  return name.split('.').every((label) => LABEL.test(label));
}

/** Dotted-quad IPv4, without leading zeros. */
export function isIpv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((part) => OCTET.test(part));
}

/** IPv6 in any RFC 4291 text form: full, `::`-compressed, or ending in an IPv4 address. No zone ids. */
export function isIpv6(value: string): boolean {
  const halves = value.split('::');
  if (halves.length > 2) return false;
  const groups = (text: string | undefined): string[] | undefined =>
    text === undefined || text === '' ? [] : text.split(':');
  const head = groups(halves[0]) ?? [];
  const tail = halves.length === 2 ? (groups(halves[1]) ?? []) : [];
  const all = [...head, ...tail];
  let count = 0;
  for (const [index, group] of all.entries()) {
    if (index === all.length - 1 && group.includes('.')) {
      if (!isIpv4(group)) return false;
      count += 2;
    } else if (GROUP.test(group)) {
      count += 1;
    } else {
      return false;
    }
  }
  return halves.length === 2 ? count <= 7 : count === 8;
}
