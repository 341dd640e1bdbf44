import { describe, expect, it } from 'vitest';
import { formatIpv4, parseIp } from './parse-ip.js';

describe('parseIp', () => {
  it('reads IPv4 as a 32-bit number', () => {
    expect(parseIp('0.0.0.0')).toEqual({ version: 4, value: 0n });
    expect(parseIp('127.0.0.1')).toEqual({ version: 4, value: 0x7f00_0001n });
    expect(parseIp('255.255.255.255')).toEqual({ version: 4, value: 0xffff_ffffn });
  });

  it('reads every IPv6 spelling of one address as the same 128-bit number', () => {
    const expected = { version: 6, value: 0x2001_0db8_0000_0000_0000_ff00_0042_8329n };
    for (const text of [
      '2001:db8::ff00:42:8329',
      '2001:0db8:0000:0000:0000:ff00:0042:8329',
      '2001:DB8:0:0:0:FF00:42:8329',
      '2001:db8::ff00:0.66.131.41',
    ]) {
      expect(parseIp(text)).toEqual(expected);
    }
  });

  it('reads the compressed edges, a dotted tail and a zone', () => {
    expect(parseIp('::')).toEqual({ version: 6, value: 0n });
    expect(parseIp('::1')).toEqual({ version: 6, value: 1n });
    expect(parseIp('1::')).toEqual({ version: 6, value: 1n << 112n });
    expect(parseIp('::ffff:127.0.0.1')).toEqual({ version: 6, value: 0xffff_7f00_0001n });
    expect(parseIp('fe80::1%eth0')).toEqual({ version: 6, value: (0xfe80n << 112n) | 1n });
  });

  it('refuses what is not an address', () => {
    for (const text of ['', 'example.com', '[::1]', '127.1', '256.0.0.1', '1:2:3:4:5:6:7:8:9']) {
      expect(parseIp(text)).toBeUndefined();
    }
  });

  it('writes an IPv4 number back as dotted decimal', () => {
    expect(formatIpv4(0xa9fe_a9fen)).toBe('169.254.169.254');
  });
});
