import { isIP } from 'node:net';

/** An IP address as one number: 32 bits for IPv4, 128 bits for IPv6. */
export interface IpAddress {
  readonly version: 4 | 6;
  readonly value: bigint;
}

/**
 * Reads an address as `dns.lookup` and WHATWG URL write them: dotted-decimal IPv4, or IPv6 in any valid
 * spelling (compressed `::`, a dotted IPv4 tail, a `%zone` suffix, which is dropped). Anything else,
 * brackets included, is `undefined`: callers treat that as "not an address" and refuse it.
 */
export function parseIp(text: string): IpAddress | undefined {
  const version = isIP(text);
  if (version === 4) return { version: 4, value: ipv4Value(text) };
  if (version === 6) return { version: 6, value: ipv6Value(text) };
  return undefined;
}

export function formatIpv4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
}

function ipv4Value(text: string): bigint {
  return text.split('.').reduce((value, part) => (value << 8n) | BigInt(part), 0n);
}

function ipv6Value(text: string): bigint {
  const withoutZone = text.split('%', 1)[0] ?? '';
  const lastColon = withoutZone.lastIndexOf(':');
  const tail = withoutZone.slice(lastColon + 1);
  // A dotted IPv4 tail (`::ffff:127.0.0.1`) stands for the last two 16-bit words.
  const hex = tail.includes('.')
    ? `${withoutZone.slice(0, lastColon + 1)}${wordsOfIpv4(ipv4Value(tail))}`
    : withoutZone;
  const [head = '', rest] = hex.split('::');
  const headWords = head === '' ? [] : head.split(':');
  const tailWords = rest === undefined || rest === '' ? [] : rest.split(':');
  const zeros = rest === undefined ? [] : Array<string>(8 - headWords.length - tailWords.length).fill('0');
  return [...headWords, ...zeros, ...tailWords].reduce(
    (value, word) => (value << 16n) | BigInt(Number.parseInt(word, 16)),
    0n,
  );
}

function wordsOfIpv4(value: bigint): string {
  return `${(value >> 16n).toString(16)}:${(value & 0xffffn).toString(16)}`;
}
