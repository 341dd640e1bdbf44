import { describe, expect, it } from 'vitest';
import { isHostname, isIpv4, isIpv6 } from './network.js';

describe('hostname, ipv4 and ipv6 formats', () => {
  it('checks host names label by label', () => {
    for (const value of ['example.com', 'a', 'xn--bcher-kva.example.', 'a-b.c1', `${'a'.repeat(63)}.com`]) {
      expect(isHostname(value), value).toBe(true);
    }
    for (const value of ['', '.', '-a.com', 'a-.com', 'a..b', 'a_b.com', `${'a'.repeat(64)}.com`, 'a b']) {
      expect(isHostname(value), value).toBe(false);
    }
    expect(isHostname(`${'a.'.repeat(126)}a`)).toBe(true);
    expect(isHostname(`${'a.'.repeat(127)}a`)).toBe(false);
  });

  it('checks IPv4 dotted quads', () => {
    for (const value of ['0.0.0.0', '192.168.1.255', '255.255.255.255']) expect(isIpv4(value), value).toBe(true);
    for (const value of ['256.0.0.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.a', ''])
      expect(isIpv4(value), value).toBe(false);
  });

  it('checks IPv6 in full, compressed and IPv4-suffixed forms', () => {
    for (const value of [
      '::',
      '::1',
      '2001:db8::1',
      '1:2:3:4:5:6:7:8',
      'fe80::',
      '::ffff:192.0.2.1',
      '1:2:3:4:5:6:1.2.3.4',
    ]) {
      expect(isIpv6(value), value).toBe(true);
    }
    for (const value of [
      '',
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      '12345::',
      'g::',
      '1:2:3:4:5:6:7::8',
      '::1.2.3',
    ]) {
      expect(isIpv6(value), value).toBe(false);
    }
  });
});
