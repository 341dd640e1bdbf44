import { createEngine } from '@wesgine/runtime';
import { describe, expect, it } from 'vitest';
import { emailAdapter } from './email-adapter.js';
import * as root from './index.js';

const server = { host: '127.0.0.1', port: 1025 };
const good = {
  smtp: server,
  imap: { ...server, port: 1143, user: 'wes', password: 'secret' },
  from: 'Wes <wes@example.org>',
};
const engine = createEngine({ adapters: [emailAdapter] });
const create = (email: unknown) => () => engine.createCell({ workDir: '/tmp', email: email as typeof good });

describe('the email adapter', () => {
  it('exports the adapter and the argument types only', () => {
    expect(Object.keys(root).sort()).toEqual(['emailAdapter']);
    expect(emailAdapter.field).toBe('email');
    expect(emailAdapter.provenance).toBe('@wesgine/adapter-email@0.1.0');
  });

  it('gives a cell its three tools while the field is set, and none without it', async () => {
    const cell = engine.createCell({ workDir: '/tmp', email: good });
    await cell.ready();
    const tools = cell.run().tools();
    expect(tools.map((tool) => tool.name)).toEqual(['email.read', 'email.search', 'email.send']);
    expect(engine.createCell({ workDir: '/tmp' }).run().tools()).toEqual([]);
    expect(cell.sources().ids()).toContain('adapter:email');
    await cell.stop();
  });

  it('refuses a spec it cannot use, saying what to write instead', () => {
    const cases: [unknown, string][] = [
      ['mail.example.org', 'email must be an object: { smtp, imap, from, allowRecipients? }'],
      [
        { ...good, pop3: {} },
        "email has no field 'pop3'; its fields are smtp, imap, from, allowRecipients, timeoutMs, maxMessageBytes",
      ],
      [{ ...good, smtp: undefined }, 'email.smtp must be an object: { host, port, secure?, user?, password? }'],
      [
        { ...good, smtp: { ...server, host: '' } },
        "email.smtp.host must be a host name or an IP address, such as 'mail.example.org'",
      ],
      [
        { ...good, smtp: { ...server, port: 70000 } },
        'email.smtp.port must be a whole number from 1 to 65535 (587 or 465 usually), not 70000',
      ],
      [
        { ...good, imap: { ...good.imap, port: '993' } },
        'email.imap.port must be a whole number from 1 to 65535 (993 or 143 usually), not "993"',
      ],
      [{ ...good, smtp: { ...server, user: 'wes' } }, 'email.smtp needs user and password together, or neither'],
      [{ ...good, imap: server }, 'email.imap needs a user and a password: IMAP always logs in'],
      [
        { ...good, imap: { ...good.imap, tls: true } },
        "email.imap has no field 'tls'; its fields are host, port, secure, user, password",
      ],
      [{ ...good, from: 'wes' }, 'email.from "wes" is not one address; write a@example.org or Name <a@example.org>'],
      [
        { ...good, from: 'a@example.org, b@example.org' },
        'email.from "a@example.org, b@example.org" is not one address; write a@example.org or Name <a@example.org>',
      ],
      [
        { ...good, allowRecipients: [] },
        "email.allowRecipients must be a non-empty list of address patterns, such as ['*@example.com']; leave it out to allow any address",
      ],
      [
        { ...good, allowRecipients: ['*@example.org', 'example.org'] },
        'email.allowRecipients[1]: "example.org" needs exactly one \'@\', as in *@example.com or bob@example.org',
      ],
      [
        { ...good, allowRecipients: ['a b@example.org'] },
        'email.allowRecipients[0]: "a b@example.org" has a space, a bracket or a separator',
      ],
      [{ ...good, timeoutMs: 0 }, 'email.timeoutMs must be a whole number from 1 to 600000, not 0'],
      [{ ...good, maxMessageBytes: 1.5 }, 'email.maxMessageBytes must be a whole number from 1 to 2147483648, not 1.5'],
    ];
    for (const [email, message] of cases) expect(create(email)).toThrow(message);
  });

  it('records each call with the adapter as its source', async () => {
    const cell = engine.createCell({ workDir: '/tmp', email: good });
    const result = await cell.run().call('email.search', { since: '2026-13-01' });
    expect(result.text).toBe('since "2026-13-01" is no day of the calendar; write YYYY-MM-DD');
    expect(cell.auditLog().at(-1)).toMatchObject({
      tool: 'email.search',
      source: 'adapter',
      sourceId: 'adapter:email',
      provenance: '@wesgine/adapter-email@0.1.0',
    });
    await cell.stop();
  });
});
