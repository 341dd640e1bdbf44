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
    const specs: unknown[] = [
      'mail.example.org',
      { ...good, pop3: {} },
      { ...good, smtp: undefined },
      { ...good, smtp: { ...server, host: '' } },
      { ...good, smtp: { ...server, port: 70000 } },
      { ...good, imap: { ...good.imap, port: '993' } },
      { ...good, smtp: { ...server, user: 'wes' } },
      { ...good, imap: server },
      { ...good, imap: { ...good.imap, tls: true } },
      { ...good, from: 'wes' },
      { ...good, from: 'a@example.org, b@example.org' },
      { ...good, allowRecipients: [] },
      { ...good, allowRecipients: ['*@example.org', 'example.org'] },
      { ...good, allowRecipients: ['a b@example.org'] },
      { ...good, timeoutMs: 0 },
      { ...good, maxMessageBytes: 1.5 },
    ];
    const messages = specs.map((email) => {
      try {
        create(email)();
        return 'created';
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(messages).toMatchInlineSnapshot(`
      [
        "email must be an object: { smtp, imap, from, allowRecipients? }",
        "email has no field 'pop3'; its fields are smtp, imap, from, allowRecipients, timeoutMs, maxMessageBytes",
        "email.smtp must be an object: { host, port, secure?, user?, password? }",
        "email.smtp.host must be a host name or an IP address, such as 'mail.example.org'",
        "email.smtp.port must be a whole number from 1 to 65535 (587 or 465 usually), not 70000",
        "email.imap.port must be a whole number from 1 to 65535 (993 or 143 usually), not "993"",
        "email.smtp needs user and password together, or neither",
        "email.imap needs a user and a password: IMAP always logs in",
        "email.imap has no field 'tls'; its fields are host, port, secure, user, password",
        "email.from "wes" is not one address (it has no "@"); write a@example.org or Name <a@example.org>",
        "email.from "a@example.org, b@example.org" is not one address (it holds more than one address; give one address per value); write a@example.org or Name <a@example.org>",
        "email.allowRecipients must be a non-empty list of address patterns, such as ['*@example.com']; leave it out to allow any address",
        "email.allowRecipients[1]: "example.org" is not a recipient pattern: write local@domain with exactly one "@", "*" for any run of characters (*@example.com)",
        "email.allowRecipients[0]: "a b@example.org" is not a recipient pattern: the part before "@" must be letters, digits, "*" or the characters an address allows",
        "email.timeoutMs must be a whole number from 1 to 600000, not 0",
        "email.maxMessageBytes must be a whole number from 1 to 2147483648, not 1.5",
      ]
    `);
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
