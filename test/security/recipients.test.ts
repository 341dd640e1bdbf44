import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emailAdapter } from '@wesgine/adapter-email';
import { createEngine } from '@wesgine/runtime';
import { Path, Recipient, Type } from '@wesgine/schema';
import { afterAll, describe, expect, it } from 'vitest';

// Ways past recipient and path governance closed in issue 13: one marked schema object reused in several
// places (each place is judged), and one domain spelt two ways (judged as one).

const workDir = mkdtempSync(join(tmpdir(), 'wesgine-security-recipients-'));

const address = Recipient();
const file = Path({ access: 'read' });
const sent: unknown[] = [];
const cell = createEngine({ adapters: [emailAdapter] }).createCell({
  workDir,
  email: {
    smtp: { host: '127.0.0.1', port: 9 },
    imap: { host: '127.0.0.1', port: 9, user: 'agent', password: 'unused' },
    from: 'a@example.org',
    allowRecipients: ['*@example.org'],
  },
});

afterAll(async () => {
  await cell.stop();
  rmSync(workDir, { recursive: true, force: true });
});

function run() {
  return cell.run({
    tools: [
      {
        name: 'notify',
        description: 'Sends a note.',
        parameters: Type.Object({
          to: Type.Array(address),
          cc: Type.Optional(Type.Array(address)),
          reply_to: Type.Optional(address),
          attach: Type.Optional(file),
          also: Type.Optional(file),
        }),
        handler: (args) => {
          sent.push(args);
          return 'sent';
        },
      },
    ],
  });
}

describe('recipients and paths that share one schema object', () => {
  it('judges a reused Recipient() in every place it stands', async () => {
    for (const args of [
      { to: ['a@example.org'], cc: ['eve@evil.test'] },
      { to: ['a@example.org'], reply_to: 'eve@evil.test' },
    ]) {
      const result = await run().call('notify', args);
      expect(result.code).toBe('not_allowed');
      expect(result.text).toContain('eve@evil.test is not among the recipients this cell may send to');
    }
    expect(sent).toEqual([]);
  });

  it('judges a reused Path() in every place it stands', async () => {
    const result = await run().call('notify', { to: ['a@example.org'], attach: 'ok.txt', also: '/etc/passwd' });
    expect(result.isError).toBe(true);
    expect(result.code).toBe('path_not_allowed');
    expect(sent).toEqual([]);
  });
});

describe('one domain, one spelling', () => {
  it('refuses a look-alike domain that an allow pattern for the real one would seem to cover', async () => {
    const result = await run().call('notify', { to: ['bob@ex\u0430mple.org'] });
    expect(result.code).toBe('not_allowed');
    expect(result.text).toContain('bob@xn--exmple-4nf.org');
    expect(sent).toEqual([]);
  });
});
