import { describe, expect, it, vi } from 'vitest';
import { requestGate } from './request-gate.js';

describe('requestGate', () => {
  it('passes a refusal of checkUrl through, and judges each origin once', async () => {
    const checkUrl = vi.fn(async (url: string) =>
      url.includes('blocked') ? 'zone z refuses blocked.test' : undefined,
    );
    const gate = requestGate(checkUrl);
    expect(await gate(new URL('http://blocked.test/a'))).toEqual({
      allow: false,
      reason: 'zone z refuses blocked.test',
    });
    expect(await gate(new URL('http://blocked.test/b?c'))).toEqual({
      allow: false,
      reason: 'zone z refuses blocked.test',
    });
    expect(checkUrl).toHaveBeenCalledTimes(1);
  });

  it('reaches an exempt IP literal as it is, without DNS', async () => {
    const gate = requestGate(async () => undefined);
    expect(await gate(new URL('http://127.0.0.1:8080/'))).toEqual({
      allow: true,
      host: '127.0.0.1',
      addresses: ['127.0.0.1'],
    });
    expect(await gate(new URL('http://[::1]:8080/'))).toEqual({ allow: true, host: '::1', addresses: ['::1'] });
  });

  it('reaches an exempt name only at addresses that are allowed themselves', async () => {
    const exemptName = async (url: string) =>
      new URL(url).hostname === 'localhost' ? undefined : `The address ${new URL(url).hostname} is a loopback address`;
    const refused = await requestGate(exemptName)(new URL('http://localhost:3000/'));
    expect(refused).toMatchObject({ allow: false });
    expect((refused as { reason: string }).reason).toMatch(
      /^localhost resolves to (127\.0\.0\.1|::1), which is not allowed: The address .+ is a loopback address \(a cell that trusts this host must allow its address too\)$/,
    );
    const everything = requestGate(async () => undefined);
    expect(await everything(new URL('http://localhost:3000/'))).toMatchObject({ allow: true, host: 'localhost' });
  });

  it('refuses when judging throws', async () => {
    const gate = requestGate(async () => {
      throw new Error('zone file vanished');
    });
    expect(await gate(new URL('http://a.test/'))).toEqual({
      allow: false,
      reason: 'it could not be judged (zone file vanished)',
    });
  });
});
