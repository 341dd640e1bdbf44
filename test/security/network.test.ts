import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@wesgine/runtime';
import { Type, Url } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';

// Threat list rows 44 and 45 (research B, section d): a `Url()` argument may only name a public http or
// https host, judged after DNS resolution (here an injected resolver stands in for public DNS).

const PUBLIC: Record<string, string[]> = {
  'docs.example.org': ['93.184.216.34'],
  'rebind.example.org': ['10.0.0.5'],
  'mixed.example.org': ['93.184.216.34', '192.168.1.7'],
};

function world() {
  const fetched: string[] = [];
  const cell = createEngine().createCell({
    workDir: realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-network-'))),
    network: {
      lookup: async (host: string) => {
        const addresses = PUBLIC[host];
        if (addresses === undefined) throw new Error(`no such host ${host}`);
        return addresses.map((address) => ({ address, family: 4 as const }));
      },
    },
  });
  cell.tools().register({
    name: 'fetch_url',
    description: 'Fetches a page.',
    parameters: Type.Object({ url: Url() }),
    meta: { readOnly: true },
    handler: ({ url }) => {
      fetched.push(url);
      return `fetched ${url}`;
    },
  });
  return { run: cell.run(), fetched };
}

describe('security: network targets', () => {
  it('a public host is allowed', async () => {
    const { run, fetched } = world();
    expect(await run.call('fetch_url', { url: 'https://docs.example.org/a' })).toEqual({
      isError: false,
      text: 'fetched https://docs.example.org/a',
    });
    expect(fetched).toEqual(['https://docs.example.org/a']);
  });

  it('row 44: private, loopback and link-local targets are refused in every spelling', async () => {
    const { run, fetched } = world();
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://localhost:8080/',
      'http://[::1]/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://[::ffff:127.0.0.1]/',
      'http://rebind.example.org/',
      'http://mixed.example.org/',
    ]) {
      const result = await run.call('fetch_url', { url });
      expect(result, url).toMatchObject({ isError: true, code: 'denied' });
    }
    expect(fetched).toEqual([]);
  });

  it('row 45: schemes other than http and https are refused', async () => {
    const { run, fetched } = world();
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,hi', 'ftp://docs.example.org/']) {
      const result = await run.call('fetch_url', { url });
      expect(result, url).toMatchObject({ isError: true, code: 'denied' });
      expect(result.text, url).toMatch(/^Not allowed: /);
    }
    expect(fetched).toEqual([]);
  });
});
