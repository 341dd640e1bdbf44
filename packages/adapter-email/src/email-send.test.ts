import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ApprovalRequest, type Cell, createEngine, type HumanChannel } from '@wesgine/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAdapter } from './email-adapter.js';
import { freePort } from './testing/dovecot.test.fixture.js';
import { type MailServers, startMailServers } from './testing/mail-servers.test.fixture.js';

/** A person who approves every call, and remembers what they were asked. */
function approver(asked: ApprovalRequest[] = []): HumanChannel {
  return {
    ask: async (request) => {
      asked.push(request);
      return { decision: 'approve' };
    },
  };
}

let servers: MailServers;
/** Released by the cancellation test: until then the server keeps slow@ waiting at RCPT TO. */
let releaseSlow: () => void = () => {};
const slow = new Promise<void>((resolve) => {
  releaseSlow = resolve;
});
let cell: Cell;

beforeAll(async () => {
  servers = await startMailServers({
    refuse: (address) => address.startsWith('nobody@'),
    hold: (address) => (address.startsWith('slow@') ? slow : undefined),
  });
  mkdirSync(join(servers.workDir, 'out'));
  writeFileSync(join(servers.workDir, 'out', 'report.csv'), 'a,b\n1,2\n');
  writeFileSync(join(servers.workDir, 'out', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]));
  cell = createEngine({ adapters: [emailAdapter] }).createCell({ workDir: servers.workDir, email: servers.spec() });
  await cell.ready();
});

afterAll(async () => {
  await cell?.stop();
  await servers?.stop();
});

describe('email.send through a real SMTP server', () => {
  it('sends from the configured address with cc, bcc, text, html and attachments, byte for byte', async () => {
    const result = await cell.run({ human: approver() }).call('email.send', {
      to: ['Ana Example <ana@Example.ORG>'],
      cc: ['bob@example.org'],
      bcc: ['carol@example.net'],
      subject: 'Figures for März ✓',
      text: 'Hello Ana,\n\nthe figures are attached.\n',
      html: '<p>Hello Ana,</p><p>the figures are <b>attached</b>.</p>',
      attachments: ['out/report.csv', join(servers.workDir, 'out', 'logo.png')],
    });
    const received = await servers.smtp.next();
    const messageId = received.parsed.messageId;
    expect(result.isError).toBe(false);
    expect(result.text).toBe(
      [
        'Sent "Figures for März ✓" from Wes Gine <wes@example.org>.',
        'To: Ana Example <ana@example.org>',
        'Cc: bob@example.org',
        'Bcc: carol@example.net',
        'Attachments: report.csv (8 bytes), logo.png (8 bytes)',
        `Message-ID: ${messageId}`,
      ].join('\n'),
    );
    expect(received.from).toBe('wes@example.org');
    expect([...received.to].sort()).toEqual(['ana@example.org', 'bob@example.org', 'carol@example.net']);
    const { parsed } = received;
    expect(parsed.from?.value).toEqual([{ name: 'Wes Gine', address: 'wes@example.org' }]);
    expect(parsed.subject).toBe('Figures for März ✓');
    expect(parsed.text).toBe('Hello Ana,\n\nthe figures are attached.\n');
    expect(parsed.html).toBe('<p>Hello Ana,</p><p>the figures are <b>attached</b>.</p>');
    // Bcc recipients get the message, but no header names them.
    expect(parsed.headers.has('bcc')).toBe(false);
    expect(received.raw.toString()).not.toContain('carol@example.net');
    expect(parsed.attachments.map((file) => [file.filename, file.content.toString('hex')])).toEqual([
      ['report.csv', Buffer.from('a,b\n1,2\n').toString('hex')],
      ['logo.png', '89504e47000102ff'],
    ]);
    expect(result.data).toMatchObject({ accepted: expect.arrayContaining(['ana@example.org']), rejected: [] });
  });

  it('answers a message: In-Reply-To and References carry its Message-ID', async () => {
    const result = await cell.run({ human: approver() }).call('email.send', {
      to: ['ana@example.org'],
      subject: 'Re: figures',
      text: 'Thanks.',
      in_reply_to: '<abc.123@mail.example.org>',
    });
    const { parsed } = await servers.smtp.next();
    expect(result.isError).toBe(false);
    expect(parsed.inReplyTo).toBe('<abc.123@mail.example.org>');
    expect(parsed.references).toBe('<abc.123@mail.example.org>');
    expect(parsed.attachments).toEqual([]);
  });

  it('tells which recipients the server refused while the others got it', async () => {
    const result = await cell.run({ human: approver() }).call('email.send', {
      to: ['ana@example.org', 'nobody@example.org'],
      subject: 'Half',
      text: 'x',
    });
    const received = await servers.smtp.next();
    expect(received.to).toEqual(['ana@example.org']);
    expect(result.isError).toBe(false);
    expect(result.text).toBe(
      [
        'Sent "Half" from Wes Gine <wes@example.org>.',
        'To: ana@example.org',
        `Message-ID: ${received.parsed.messageId}`,
        'The server refused nobody@example.org (550 No such mailbox here): it got nothing.',
      ].join('\n'),
    );
  });

  it('says nothing was sent when the server refuses every recipient', async () => {
    const before = servers.smtp.received.length;
    const result = await cell.run({ human: approver() }).call('email.send', {
      to: ['nobody@example.org'],
      subject: 'None',
      text: 'x',
    });
    expect(result.code).toBe('invalid_arguments');
    expect(result.text).toBe(
      `the SMTP server 127.0.0.1:${servers.smtp.port} refused every recipient (550 No such mailbox here); check the addresses. Nothing was sent.`,
    );
    expect(servers.smtp.received.length).toBe(before);
  });

  it('refuses a subject with a line break (a second header) before anything is sent', async () => {
    const before = servers.smtp.received.length;
    const result = await cell.run({ human: approver() }).call('email.send', {
      to: ['ana@example.org'],
      subject: 'Hi\r\nBcc: eve@evil.example',
      text: 'x',
    });
    expect(result.code).toBe('invalid_arguments');
    expect(result.text).toMatchInlineSnapshot(`
      "The arguments for \`email.send\` are not valid (1 problem):
      - /subject: must match the pattern /^[^\\r\\n]*$/, got "Hi\\r\\nBcc: eve@evil.example" (a string)"
    `);
    expect(servers.smtp.received.length).toBe(before);
  });

  it('refuses what is not one address as a recipient, and sends nothing', async () => {
    const before = servers.smtp.received.length;
    const texts: string[] = [];
    for (const value of [
      'ana@example.org, eve@evil.example',
      'friends: eve@evil.example;',
      'Ana Example',
      'ana@example.org\r\nBcc: eve@evil.example',
    ]) {
      const result = await cell.run({ human: approver() }).call('email.send', { to: [value], subject: 'x', text: 'x' });
      expect(result.code).toBe('invalid_arguments');
      texts.push(result.text);
    }
    expect(texts).toMatchInlineSnapshot(`
      [
        "/to/0 must be one mail address, as bob@example.org or Bob <bob@example.org>, but "ana@example.org, eve@evil.example" is not: it holds more than one address; give one address per value.",
        "/to/0 must be one mail address, as bob@example.org or Bob <bob@example.org>, but "friends: eve@evil.example;" is not: an address has no spaces, commas or semicolons in it.",
        "/to/0 must be one mail address, as bob@example.org or Bob <bob@example.org>, but "Ana Example" is not: an address has no spaces, commas or semicolons in it.",
        "/to/0 must be one mail address, as bob@example.org or Bob <bob@example.org>, but "ana@example.org\\r\\nBcc: eve@evil.example" is not: it holds a line break or another control character.",
      ]
    `);
    expect(servers.smtp.received.length).toBe(before);
  });

  it('refuses missing, folder and oversized attachments before sending anything', async () => {
    const small = createEngine({ adapters: [emailAdapter] }).createCell({
      workDir: servers.workDir,
      email: servers.spec({ maxMessageBytes: 10 }),
    });
    const before = servers.smtp.received.length;
    const send = (target: Cell, attachments: string[]) =>
      target
        .run({ human: approver() })
        .call('email.send', { to: ['ana@example.org'], subject: 'x', text: 'x', attachments });
    const missing = await send(cell, ['out/missing.csv']);
    const folder = await send(cell, ['out']);
    const large = await send(small, ['out/report.csv', 'out/logo.png']);
    await small.stop();
    expect([missing.code, folder.code, large.code]).toEqual(['file_not_found', 'not_a_file', 'file_too_large']);
    expect(missing.text).toBe('the attachment "out/missing.csv" does not exist. Nothing was sent.');
    expect(folder.text).toBe('the attachment "out" is a folder; attach files one by one. Nothing was sent.');
    expect(large.text).toBe(
      'the attachments come to more than 10 bytes, the most this cell sends in one message (email.maxMessageBytes); send fewer or smaller files. Nothing was sent.',
    );
    expect(servers.smtp.received.length).toBe(before);
  });

  it('names the server and what to check when the login is wrong or nobody listens', async () => {
    const engine = createEngine({ adapters: [emailAdapter] });
    const spec = servers.spec();
    const wrong = engine.createCell({
      workDir: servers.workDir,
      email: { ...spec, smtp: { ...spec.smtp, password: 'wrong' } },
    });
    const closed = await freePort();
    const down = engine.createCell({
      workDir: servers.workDir,
      email: { ...spec, smtp: { ...spec.smtp, port: closed } },
    });
    const args = { to: ['ana@example.org'], subject: 'x', text: 'x' };
    const refused = await wrong.run({ human: approver() }).call('email.send', args);
    const unreachable = await down.run({ human: approver() }).call('email.send', args);
    await Promise.all([wrong.stop(), down.stop()]);
    expect([refused.code, unreachable.code]).toEqual(['unavailable', 'unavailable']);
    expect(refused.text).toBe(
      `the SMTP server 127.0.0.1:${servers.smtp.port} refused the login of 'sender' (535 Invalid username or password); check email.smtp.user and email.smtp.password. Nothing was sent.`,
    );
    expect(unreachable.text).toBe(
      `could not reach the SMTP server 127.0.0.1:${closed}: the connection was refused; check that it runs and that email.smtp.host and email.smtp.port are right. Nothing was sent.`,
    );
  });

  it('sends nothing when the call is cancelled first', async () => {
    const before = servers.smtp.received.length;
    const controller = new AbortController();
    const run = cell.run({
      human: {
        ask: async () => {
          controller.abort();
          return { decision: 'approve' };
        },
      },
      signal: controller.signal,
    });
    const promise = run.call('email.send', { to: ['ana@example.org'], subject: 'x', text: 'x' });
    controller.abort();
    const result = await promise;
    expect(result.code).toBe('aborted');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(servers.smtp.received.length).toBe(before);
  });

  it('stops a send the server is slow to take when the call is cancelled, and nothing arrives', async () => {
    const before = servers.smtp.received.length;
    const controller = new AbortController();
    const promise = cell
      .run({ human: approver(), signal: controller.signal })
      .call('email.send', { to: ['slow@example.org'], subject: 'slow', text: 'x' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const started = Date.now();
    controller.abort();
    const result = await promise;
    expect(Date.now() - started).toBeLessThan(500);
    expect(result.code).toBe('aborted');
    releaseSlow();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(servers.smtp.received.length).toBe(before);
  });

  it('sends several messages at once, each to its own recipient', async () => {
    const before = servers.smtp.received.length;
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        cell
          .run({ human: approver() })
          .call('email.send', { to: [`user${n}@example.org`], subject: `n${n}`, text: `${n}` }),
      ),
    );
    expect(results.map((result) => result.isError)).toEqual([false, false, false, false, false]);
    const got = servers.smtp.received.slice(before).map((message) => `${message.to.join()}:${message.parsed.subject}`);
    expect(got.sort()).toEqual([1, 2, 3, 4, 5].map((n) => `user${n}@example.org:n${n}`));
    for (let n = 0; n < 5; n += 1) await servers.smtp.next();
  });
});
