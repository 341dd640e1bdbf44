import { formatIpv4, type IpAddress, parseIp } from './parse-ip.js';

/**
 * A range of addresses a network tool may not reach. `kind` is how a message names an address in it
 * ("a loopback address"). An IPv6 form that carries an IPv4 address (`embeds`: where the 32 bits sit,
 * counted from the right) is judged by that IPv4 address instead.
 */
interface BlockedRange {
  readonly address: IpAddress;
  readonly prefix: number;
  readonly kind: string;
  readonly embeds?: bigint;
}

function range(cidr: string, kind: string, embeds?: bigint): BlockedRange {
  const [text = '', prefix = ''] = cidr.split('/');
  const address = parseIp(text);
  if (address === undefined) throw new Error(`bad range ${cidr}`);
  return { address, prefix: Number(prefix), kind, ...(embeds === undefined ? {} : { embeds }) };
}

// First match wins, so a narrow range comes before the wider one around it. Parsed on the first check,
// not at import: the first `isIP` compiles Node's IPv6 pattern, a noticeable part of importing the runtime.
let ranges: readonly BlockedRange[] | undefined;
const blockedRanges = (): readonly BlockedRange[] =>
  (ranges ??= [
    range('0.0.0.0/32', 'the unspecified address'),
    range('0.0.0.0/8', 'a "this network" address (0.0.0.0/8)'),
    range('10.0.0.0/8', 'a private address (RFC 1918)'),
    range('100.64.0.0/10', 'a carrier-grade NAT address (100.64.0.0/10)'),
    range('127.0.0.0/8', 'a loopback address'),
    range('169.254.0.0/16', 'a link-local address'),
    range('172.16.0.0/12', 'a private address (RFC 1918)'),
    range('192.0.0.0/24', 'an IETF protocol address (192.0.0.0/24)'),
    range('192.0.2.0/24', 'a documentation address'),
    range('192.88.99.0/24', 'a 6to4 relay address'),
    range('192.168.0.0/16', 'a private address (RFC 1918)'),
    range('198.18.0.0/15', 'a benchmarking address (198.18.0.0/15)'),
    range('198.51.100.0/24', 'a documentation address'),
    range('203.0.113.0/24', 'a documentation address'),
    range('224.0.0.0/4', 'a multicast address'),
    range('255.255.255.255/32', 'the broadcast address'),
    range('240.0.0.0/4', 'a reserved address (240.0.0.0/4)'),

    range('::/128', 'the unspecified address'),
    range('::1/128', 'a loopback address'),
    range('::ffff:0:0/96', 'an IPv4-mapped IPv6 address', 0n),
    range('::ffff:0:0:0/96', 'an IPv4-translated IPv6 address', 0n),
    range('::/96', 'an IPv4-compatible IPv6 address', 0n),
    range('64:ff9b::/96', 'a NAT64 address', 0n),
    range('64:ff9b:1::/48', 'a local NAT64 address (64:ff9b:1::/48)'),
    range('100::/64', 'a discard-only address (100::/64)'),
    range('fc00::/7', 'a unique-local address'),
    range('fe80::/10', 'a link-local address'),
    range('fec0::/10', 'a site-local address'),
    range('ff00::/8', 'a multicast address'),
    // Teredo hides the client's IPv4 address (bits inverted) and is obsolete: refused as a whole.
    range('2001::/32', 'a Teredo tunnel address'),
    range('2001:2::/48', 'a benchmarking address (2001:2::/48)'),
    range('2001:10::/28', 'a non-routable ORCHID address'),
    range('2001:20::/28', 'a non-routable ORCHID address'),
    range('2001:db8::/32', 'a documentation address'),
    range('2002::/16', 'a 6to4 address', 80n),
    range('3fff::/20', 'a documentation address'),
    // Only 2000::/3 is global unicast: the three ranges around it hold the special ones above and
    // otherwise nothing assigned.
    range('::/3', 'a reserved IPv6 address (outside 2000::/3)'),
    range('4000::/2', 'a reserved IPv6 address (outside 2000::/3)'),
    range('8000::/1', 'a reserved IPv6 address (outside 2000::/3)'),
  ]);

function contains(range: BlockedRange, address: IpAddress): boolean {
  if (range.address.version !== address.version) return false;
  const shift = BigInt((address.version === 4 ? 32 : 128) - range.prefix);
  return address.value >> shift === range.address.value >> shift;
}

function kindOf(address: IpAddress): string | undefined {
  const found = blockedRanges().find((candidate) => contains(candidate, address));
  if (found === undefined || found.embeds === undefined) return found?.kind;
  const inner = (address.value >> found.embeds) & 0xffff_ffffn;
  const innerKind = kindOf({ version: 4, value: inner });
  return innerKind === undefined ? undefined : `${innerKind} (${formatIpv4(inner)} inside ${found.kind})`;
}

/**
 * Why a network tool may not connect to `ip`, as words for a message ("a loopback address"), or
 * `undefined` when the address is public. Text that is not an IP address is refused too.
 */
export function describeBlockedAddress(ip: string): string | undefined {
  const address = parseIp(ip);
  return address === undefined ? 'not an IP address' : kindOf(address);
}

/**
 * Whether a network tool must refuse to connect to `ip`: loopback, private, carrier-grade NAT,
 * link-local, unique-local, unspecified, multicast, broadcast, documentation, benchmarking and reserved
 * ranges, and IPv6 forms (IPv4-mapped, -compatible, NAT64, 6to4) that carry such an IPv4 address.
 */
export function isBlockedAddress(ip: string): boolean {
  return describeBlockedAddress(ip) !== undefined;
}
