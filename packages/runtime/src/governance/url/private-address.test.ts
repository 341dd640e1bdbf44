import { describe, expect, it } from 'vitest';
import { describeBlockedAddress, isBlockedAddress } from './private-address.js';

// Threat list row 44 (research B, section d): every blocked range, each with its first and last address
// inside and its neighbours just outside. A neighbour may fall in another blocked range, so the outside
// check is "not this kind"; the addresses that must stay reachable are listed apart below.
const RANGES: readonly (readonly [range: string, kind: string, inside: string[], outside: string[]])[] = [
  ['0.0.0.0/32', 'the unspecified address', ['0.0.0.0'], ['0.0.0.1']],
  ['0.0.0.0/8', 'a "this network" address (0.0.0.0/8)', ['0.0.0.1', '0.255.255.255'], ['1.0.0.0']],
  ['10.0.0.0/8', 'a private address (RFC 1918)', ['10.0.0.0', '10.255.255.255'], ['9.255.255.255', '11.0.0.0']],
  [
    '100.64.0.0/10',
    'a carrier-grade NAT address (100.64.0.0/10)',
    ['100.64.0.0', '100.127.255.255'],
    ['100.63.255.255', '100.128.0.0'],
  ],
  [
    '127.0.0.0/8',
    'a loopback address',
    ['127.0.0.0', '127.0.0.1', '127.255.255.255'],
    ['126.255.255.255', '128.0.0.0'],
  ],
  ['169.254.0.0/16', 'a link-local address', ['169.254.0.0', '169.254.169.254'], ['169.253.255.255', '169.255.0.0']],
  ['172.16.0.0/12', 'a private address (RFC 1918)', ['172.16.0.0', '172.31.255.255'], ['172.15.255.255', '172.32.0.0']],
  [
    '192.0.0.0/24',
    'an IETF protocol address (192.0.0.0/24)',
    ['192.0.0.0', '192.0.0.255'],
    ['191.255.255.255', '192.0.1.0'],
  ],
  ['192.0.2.0/24', 'a documentation address', ['192.0.2.0', '192.0.2.255'], ['192.0.1.255', '192.0.3.0']],
  ['192.88.99.0/24', 'a 6to4 relay address', ['192.88.99.0', '192.88.99.255'], ['192.88.98.255', '192.88.100.0']],
  [
    '192.168.0.0/16',
    'a private address (RFC 1918)',
    ['192.168.0.0', '192.168.255.255'],
    ['192.167.255.255', '192.169.0.0'],
  ],
  [
    '198.18.0.0/15',
    'a benchmarking address (198.18.0.0/15)',
    ['198.18.0.0', '198.19.255.255'],
    ['198.17.255.255', '198.20.0.0'],
  ],
  ['198.51.100.0/24', 'a documentation address', ['198.51.100.0', '198.51.100.255'], ['198.51.99.255', '198.51.101.0']],
  ['203.0.113.0/24', 'a documentation address', ['203.0.113.0', '203.0.113.255'], ['203.0.112.255', '203.0.114.0']],
  ['224.0.0.0/4', 'a multicast address', ['224.0.0.0', '239.255.255.255'], ['223.255.255.255', '240.0.0.0']],
  ['240.0.0.0/4', 'a reserved address (240.0.0.0/4)', ['240.0.0.0', '255.255.255.254'], ['239.255.255.255']],
  ['255.255.255.255/32', 'the broadcast address', ['255.255.255.255'], ['255.255.255.254']],

  ['::/128', 'the unspecified address', ['::', '0:0:0:0:0:0:0:0'], ['::1']],
  ['::1/128', 'a loopback address', ['::1', '0:0:0:0:0:0:0:1'], ['::', '::2']],
  [
    '100::/64',
    'a discard-only address (100::/64)',
    ['100::', '100::ffff:ffff:ffff:ffff'],
    ['ff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '100:0:0:1::'],
  ],
  [
    'fc00::/7',
    'a unique-local address',
    ['fc00::', 'fd00:ec2::254', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
    ['fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fe00::'],
  ],
  [
    'fe80::/10',
    'a link-local address',
    ['fe80::', 'fe80::1%eth0', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
    ['fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fec0::'],
  ],
  [
    'fec0::/10',
    'a site-local address',
    ['fec0::', 'feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
    ['febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'ff00::'],
  ],
  [
    'ff00::/8',
    'a multicast address',
    ['ff00::', 'ff02::1', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
    ['feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ],
  [
    '64:ff9b:1::/48',
    'a local NAT64 address (64:ff9b:1::/48)',
    ['64:ff9b:1::', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff'],
    ['64:ff9b:2::'],
  ],
  [
    '2001::/32',
    'a Teredo tunnel address',
    ['2001::', '2001:0:ffff:ffff:ffff:ffff:ffff:ffff'],
    ['2000:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '2001:1::'],
  ],
  [
    '2001:2::/48',
    'a benchmarking address (2001:2::/48)',
    ['2001:2::', '2001:2:0:ffff:ffff:ffff:ffff:ffff'],
    ['2001:1:ffff:ffff:ffff:ffff:ffff:ffff', '2001:2:1::'],
  ],
  [
    '2001:10::/28',
    'a non-routable ORCHID address',
    ['2001:10::', '2001:1f:ffff:ffff:ffff:ffff:ffff:ffff'],
    ['2001:f:ffff:ffff:ffff:ffff:ffff:ffff'],
  ],
  [
    '2001:20::/28',
    'a non-routable ORCHID address',
    ['2001:20::', '2001:2f:ffff:ffff:ffff:ffff:ffff:ffff'],
    ['2001:30::'],
  ],
  [
    '2001:db8::/32',
    'a documentation address',
    ['2001:db8::', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff'],
    ['2001:db7:ffff:ffff:ffff:ffff:ffff:ffff', '2001:db9::'],
  ],
  [
    '3fff::/20',
    'a documentation address',
    ['3fff::', '3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff'],
    ['3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '3fff:1000::'],
  ],
  [
    'outside 2000::/3',
    'a reserved IPv6 address (outside 2000::/3)',
    ['1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '4000::', '8000::', 'fbff::'],
    ['2000::', '3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ],
];

// Public addresses next to blocked ranges, and IPv6 forms that carry a public IPv4 address.
const PUBLIC = [
  '1.0.0.0',
  '8.8.8.8',
  '9.255.255.255',
  '11.0.0.0',
  '100.63.255.255',
  '100.128.0.0',
  '126.255.255.255',
  '128.0.0.0',
  '169.253.255.255',
  '169.255.0.0',
  '172.15.255.255',
  '172.32.0.0',
  '191.255.255.255',
  '192.0.1.0',
  '192.0.3.0',
  '192.88.98.255',
  '192.88.100.0',
  '192.167.255.255',
  '192.169.0.0',
  '198.17.255.255',
  '198.20.0.0',
  '198.51.99.255',
  '198.51.101.0',
  '203.0.112.255',
  '203.0.114.0',
  '223.255.255.255',
  '2000::',
  '2001:1::',
  '2001:4860:4860::8888',
  '2001:db9::',
  '2a00:1450:4001:800::200e',
  '3fff:1000::',
  '3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
  '::ffff:8.8.8.8',
  '::ffff:808:808',
  '::8.8.8.8',
  '64:ff9b::8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
];

describe('describeBlockedAddress', () => {
  describe.each(RANGES)('%s', (_range, kind, inside, outside) => {
    it.each(inside)('blocks %s', (address) => {
      expect(describeBlockedAddress(address)).toBe(kind);
      expect(isBlockedAddress(address)).toBe(true);
    });
    it.each(outside)('does not count %s in it', (address) => {
      expect(describeBlockedAddress(address)).not.toBe(kind);
    });
  });

  it.each(PUBLIC)('allows the public address %s', (address) => {
    expect(describeBlockedAddress(address)).toBeUndefined();
    expect(isBlockedAddress(address)).toBe(false);
  });

  it('judges IPv4-mapped, -compatible and -translated IPv6 by the IPv4 address inside', () => {
    expect(describeBlockedAddress('::ffff:127.0.0.1')).toBe(
      'a loopback address (127.0.0.1 inside an IPv4-mapped IPv6 address)',
    );
    expect(describeBlockedAddress('::ffff:7f00:1')).toBe(
      'a loopback address (127.0.0.1 inside an IPv4-mapped IPv6 address)',
    );
    expect(describeBlockedAddress('::ffff:a9fe:a9fe')).toBe(
      'a link-local address (169.254.169.254 inside an IPv4-mapped IPv6 address)',
    );
    expect(describeBlockedAddress('::ffff:0.0.0.0')).toBe(
      'the unspecified address (0.0.0.0 inside an IPv4-mapped IPv6 address)',
    );
    expect(describeBlockedAddress('::10.0.0.5')).toBe(
      'a private address (RFC 1918) (10.0.0.5 inside an IPv4-compatible IPv6 address)',
    );
    expect(describeBlockedAddress('::ffff:0:192.168.1.1')).toBe(
      'a private address (RFC 1918) (192.168.1.1 inside an IPv4-translated IPv6 address)',
    );
  });

  it('judges NAT64 (64:ff9b::/96) by the IPv4 address inside, at both edges of the prefix', () => {
    expect(describeBlockedAddress('64:ff9b::10.0.0.5')).toBe(
      'a private address (RFC 1918) (10.0.0.5 inside a NAT64 address)',
    );
    expect(describeBlockedAddress('64:ff9b::7f00:1')).toBe('a loopback address (127.0.0.1 inside a NAT64 address)');
    expect(describeBlockedAddress('64:ff9b::ffff:ffff')).toBe(
      'the broadcast address (255.255.255.255 inside a NAT64 address)',
    );
    // Just outside the /96: not NAT64 any more, and not global unicast either.
    expect(describeBlockedAddress('64:ff9b::1:a00:5')).toBe('a reserved IPv6 address (outside 2000::/3)');
  });

  it('judges 6to4 (2002::/16) by the IPv4 address in bits 16 to 47', () => {
    expect(describeBlockedAddress('2002:7f00:1::')).toBe('a loopback address (127.0.0.1 inside a 6to4 address)');
    expect(describeBlockedAddress('2002:c0a8:101:ffff::1')).toBe(
      'a private address (RFC 1918) (192.168.1.1 inside a 6to4 address)',
    );
    expect(describeBlockedAddress('2002:a9fe:a9fe::')).toBe(
      'a link-local address (169.254.169.254 inside a 6to4 address)',
    );
    // Just outside 2002::/16 on both sides: ordinary global unicast, even with 127.0.0.1 in the same bits.
    expect(describeBlockedAddress('2001:ffff:7f00:1::')).toBeUndefined();
    expect(describeBlockedAddress('2003:7f00:1::')).toBeUndefined();
  });

  it('refuses text that is not an IP address, brackets and leading zeros included', () => {
    for (const text of ['', 'localhost', '[::1]', '127.1', '0x7f.0.0.1', '010.0.0.1', '1.2.3.4.5', '::g']) {
      expect(describeBlockedAddress(text)).toBe('not an IP address');
      expect(isBlockedAddress(text)).toBe(true);
    }
  });
});
