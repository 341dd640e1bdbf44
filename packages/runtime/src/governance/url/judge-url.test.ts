import { describe, expect, it, vi } from 'vitest';
import { type HostLookup, judgeUrl, type UrlJudgement } from './judge-url.js';

/** A resolver that knows only the names given, like a tiny zone file. */
function zone(records: Record<string, readonly string[]>): HostLookup {
  return vi.fn(async (host: string) => {
    const addresses = records[host];
    if (addresses === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }));
  });
}

const refusal = (judgement: UrlJudgement) =>
  judgement.allow ? 'allowed' : { rule: judgement.rule, reason: judgement.reason };

const REFUSED = 'private, loopback and link-local addresses cannot be fetched';

describe('judgeUrl', () => {
  it('allows a public name and gives every address it resolved to', async () => {
    const lookup = zone({ 'example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'] });
    const judgement = await judgeUrl('https://Example.com./a?b=1#c', { lookup });
    expect(judgement).toMatchObject({
      allow: true,
      host: 'example.com',
      addresses: ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    });
    expect(judgement.allow && judgement.url.href).toBe('https://example.com./a?b=1#c');
    expect(lookup).toHaveBeenCalledWith('example.com');
  });

  it('allows a public IP literal without a lookup', async () => {
    const lookup = zone({});
    expect(await judgeUrl('http://[2001:4860:4860::8888]:8080/', { lookup })).toMatchObject({
      allow: true,
      host: '2001:4860:4860::8888',
      addresses: ['2001:4860:4860::8888'],
    });
    expect(lookup).not.toHaveBeenCalled();
  });

  describe('row 44: SSRF spellings', () => {
    it.each([
      ['http://169.254.169.254/latest/meta-data/', 'The address 169.254.169.254 is a link-local address'],
      ['http://[::1]/', 'The address ::1 is a loopback address'],
      ['http://[::1]:3000/x', 'The address ::1 is a loopback address'],
      ['http://2130706433/', 'The address 127.0.0.1 is a loopback address'],
      ['http://0x7f.1/', 'The address 127.0.0.1 is a loopback address'],
      ['http://127.1/', 'The address 127.0.0.1 is a loopback address'],
      ['http://017700000001/', 'The address 127.0.0.1 is a loopback address'],
      ['http://0/', 'The address 0.0.0.0 is the unspecified address'],
      ['http://10.0.0.5/', 'The address 10.0.0.5 is a private address (RFC 1918)'],
      ['http://0xa9.0xfe.0xa9.0xfe/', 'The address 169.254.169.254 is a link-local address'],
      [
        'http://[::ffff:127.0.0.1]/',
        'The address ::ffff:7f00:1 is a loopback address (127.0.0.1 inside an IPv4-mapped IPv6 address)',
      ],
      ['http://[fd00:ec2::254]/', 'The address fd00:ec2::254 is a unique-local address'],
    ])('%s', async (url, start) => {
      const lookup = zone({});
      expect(refusal(await judgeUrl(url, { lookup }))).toEqual({
        rule: 'url-private-address',
        reason: `${start}; ${REFUSED}.`,
      });
      expect(lookup).not.toHaveBeenCalled();
    });

    it.each([
      ['http://localhost:8080', 'localhost'],
      ['http://LOCALHOST./', 'localhost'],
      ['https://api.localhost/', 'api.localhost'],
    ])('%s is refused without a lookup', async (url, host) => {
      const lookup = zone({ localhost: ['93.184.215.14'], 'api.localhost': ['93.184.215.14'] });
      expect(refusal(await judgeUrl(url, { lookup }))).toEqual({
        rule: 'url-localhost',
        reason: `The host ${host} is this machine; ${REFUSED}.`,
      });
      expect(lookup).not.toHaveBeenCalled();
    });

    it('refuses a public-looking name that resolves to a private address', async () => {
      const lookup = zone({ 'intranet.example.com': ['10.0.0.5'] });
      expect(refusal(await judgeUrl('https://intranet.example.com/', { lookup }))).toEqual({
        rule: 'url-private-address',
        reason: `The host intranet.example.com resolves to 10.0.0.5, a private address (RFC 1918); ${REFUSED}.`,
      });
    });

    it('refuses a name when any one of its addresses is private, whatever the order', async () => {
      const lookup = zone({
        'mixed.example.com': ['93.184.215.14', '127.0.0.1'],
        'mixed6.example.com': ['::ffff:a9fe:a9fe', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
      });
      expect(refusal(await judgeUrl('http://mixed.example.com/', { lookup }))).toEqual({
        rule: 'url-private-address',
        reason: `The host mixed.example.com resolves to 127.0.0.1, a loopback address; ${REFUSED}.`,
      });
      expect(refusal(await judgeUrl('http://mixed6.example.com/', { lookup }))).toEqual({
        rule: 'url-private-address',
        reason:
          'The host mixed6.example.com resolves to ::ffff:a9fe:a9fe, a link-local address ' +
          `(169.254.169.254 inside an IPv4-mapped IPv6 address); ${REFUSED}.`,
      });
    });

    it('refuses a lookup answer that is not an address', async () => {
      const lookup = zone({ 'odd.example.com': ['not-an-ip'] });
      expect(refusal(await judgeUrl('http://odd.example.com/', { lookup }))).toEqual({
        rule: 'url-private-address',
        reason: `The host odd.example.com resolves to not-an-ip, not an IP address; ${REFUSED}.`,
      });
    });
  });

  describe('row 45: schemes other than http and https', () => {
    it.each([
      ['file:///etc/passwd', 'file:'],
      ['javascript:alert(1)', 'javascript:'],
      ['data:text/html,<script>alert(1)</script>', 'data:'],
      ['ftp://ftp.example.com/pub', 'ftp:'],
      ['chrome://settings', 'chrome:'],
      ['about:blank', 'about:'],
      ['ws://example.com/socket', 'ws:'],
      ['gopher://example.com:70/_SET', 'gopher:'],
    ])('%s', async (url, scheme) => {
      expect(refusal(await judgeUrl(url, { lookup: zone({}) }))).toEqual({
        rule: 'url-scheme',
        reason: `The scheme ${scheme} is not allowed; only http and https URLs can be fetched.`,
      });
    });
  });

  it('refuses credentials in the URL without repeating them', async () => {
    const judgement = refusal(await judgeUrl('https://admin:hunter2@example.com/', { lookup: zone({}) }));
    expect(judgement).toEqual({
      rule: 'url-credentials',
      reason:
        'The URL for example.com contains a user name or password; remove the credentials from the URL and try again.',
    });
    expect(refusal(await judgeUrl('https://token@example.com/', { lookup: zone({}) }))).toMatchObject({
      rule: 'url-credentials',
    });
  });

  it('refuses text that is not an absolute URL', async () => {
    expect(refusal(await judgeUrl('example.com/page'))).toEqual({
      rule: 'url-invalid',
      reason: '"example.com/page" is not a valid URL; give an absolute http or https URL such as https://example.com/.',
    });
    expect(refusal(await judgeUrl(`http://${'a'.repeat(300)} b/`))).toMatchObject({
      reason: `"http://${'a'.repeat(193)}…" is not a valid URL; give an absolute http or https URL such as https://example.com/.`,
    });
  });

  it('turns a failed or empty lookup into a denial naming the host', async () => {
    expect(refusal(await judgeUrl('https://nowhere.invalid/', { lookup: zone({}) }))).toEqual({
      rule: 'url-lookup-failed',
      reason: 'The host nowhere.invalid could not be resolved (ENOTFOUND); check the host name.',
    });
    expect(
      refusal(await judgeUrl('https://empty.example.com/', { lookup: zone({ 'empty.example.com': [] }) })),
    ).toEqual({
      rule: 'url-lookup-failed',
      reason: 'The host empty.example.com could not be resolved (no addresses); check the host name.',
    });
    const throwsPlain: HostLookup = async () => {
      throw new Error('resolver exploded');
    };
    expect(refusal(await judgeUrl('https://x.example.com/', { lookup: throwsPlain }))).toMatchObject({
      reason: 'The host x.example.com could not be resolved (resolver exploded); check the host name.',
    });
  });

  it('lets allowHosts through by exact host name, still resolving names', async () => {
    const lookup = zone({ 'metrics.internal': ['10.1.2.3'], 'other.internal': ['10.1.2.4'], localhost: ['127.0.0.1'] });
    const allowHosts = ['metrics.internal', '127.0.0.1', '[::1]', 'localhost'];
    expect(await judgeUrl('http://metrics.internal:9090/', { lookup, allowHosts })).toMatchObject({
      allow: true,
      addresses: ['10.1.2.3'],
    });
    expect(await judgeUrl('http://127.0.0.1:3000/', { lookup, allowHosts })).toMatchObject({ allow: true });
    expect(await judgeUrl('http://[::1]:3000/', { lookup, allowHosts })).toMatchObject({ allow: true });
    expect(await judgeUrl('http://localhost/', { lookup, allowHosts })).toMatchObject({
      allow: true,
      addresses: ['127.0.0.1'],
    });
    // Exact names only: no subdomains, no other spellings of the address.
    expect(await judgeUrl('http://other.internal/', { lookup, allowHosts })).toMatchObject({ allow: false });
    expect(await judgeUrl('http://x.metrics.internal/', { lookup, allowHosts })).toMatchObject({ allow: false });
    expect(await judgeUrl('http://127.0.0.2/', { lookup, allowHosts })).toMatchObject({ allow: false });
  });

  it('uses the system resolver by default', async () => {
    expect(refusal(await judgeUrl('http://localhost.invalid./'))).toMatchObject({ rule: 'url-lookup-failed' });
  });
});
