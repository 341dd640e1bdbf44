import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Cell, createEngine } from '@wesgine/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAdapter } from './email-adapter.js';
import { type MailServers, startMailServers } from './testing/mail-servers.test.fixture.js';

let servers: MailServers;
let cell: Cell;
const uids: Record<'figures' | 'newsletter' | 'greetings' | 'archived', number> = {
  figures: 0,
  newsletter: 0,
  greetings: 0,
  archived: 0,
};

beforeAll(async () => {
  servers = await startMailServers();
  uids.figures = await servers.seed(
    {
      from: 'Ana Example <ana@example.org>',
      to: 'Wes Gine <wes@example.org>',
      cc: 'bob@example.org',
      subject: 'Quarterly figures',
      messageId: '<q1@example.org>',
      date: new Date('2026-11-20T09:30:00Z'),
      text: 'Hello Wes,\r\n\r\nthe figures are attached.\r\n\r\nAna\r\n',
      attachments: [
        { filename: 'report.csv', content: 'a,b\n1,2\n', contentType: 'text/csv' },
        { filename: '../../escape.txt', content: 'climb', contentType: 'text/plain' },
        { filename: '\u0007 ', content: Buffer.from([0, 1, 2, 3]), contentType: 'application/octet-stream' },
      ],
    },
    { date: new Date('2026-11-20T09:31:00Z') },
  );
  uids.newsletter = await servers.seed(
    {
      from: 'News <news@lists.example.com>',
      to: 'wes@example.org',
      subject: 'Newsletter',
      messageId: '<n1@lists.example.com>',
      date: new Date('2026-11-25T12:00:00Z'),
      html: '<html><head><title>N</title><style>p{}</style></head><body><h1>This week</h1><p>Three <b>new</b> things.</p><script>alert(1)</script></body></html>',
    },
    { seen: true, date: new Date('2026-11-25T12:00:00Z') },
  );
  uids.greetings = await servers.seed(
    {
      from: 'Jürgen <juergen@example.de>',
      to: 'wes@example.org, carol@example.org',
      subject: 'Grüße aus Köln',
      messageId: '<g1@example.de>',
      inReplyTo: '<q1@example.org>',
      date: new Date('2026-12-01T08:00:00Z'),
      text: 'Die Straßenbahn fährt wieder.',
    },
    { date: new Date('2026-12-01T08:00:00Z') },
  );
  uids.archived = await servers.seed(
    { from: 'old@example.org', to: 'wes@example.org', subject: 'Old thing', text: 'old', date: new Date('2025-01-01') },
    { mailbox: 'Archive', date: new Date('2025-01-01T00:00:00Z') },
  );
  cell = createEngine({ adapters: [emailAdapter] }).createCell({ workDir: servers.workDir, email: servers.spec() });
  await cell.ready();
});

afterAll(async () => {
  await cell?.stop();
  await servers?.stop();
});

describe('email.search against a real Dovecot', () => {
  it('lists every message newest first, with uid, date, people, subject, unread and attachments', async () => {
    const result = await cell.run().call('email.search', {});
    expect(result.isError).toBe(false);
    expect(result.text).toMatchInlineSnapshot(`
      "3 messages in "INBOX" match, newest first:
      uid 3 · 2026-12-01 08:00 UTC · from Jürgen <juergen@example.de> · to wes@example.org, carol@example.org · "Grüße aus Köln" · unread
      uid 2 · 2026-11-25 12:00 UTC · from News <news@lists.example.com> · to wes@example.org · "Newsletter"
      uid 1 · 2026-11-20 09:31 UTC · from Ana Example <ana@example.org> · to Wes Gine <wes@example.org>, bob@example.org · "Quarterly figures" · unread · 3 attachments"
    `);
  });

  it('narrows by sender, recipient, subject, text, days and unread, all together', async () => {
    const run = cell.run();
    const texts = [];
    for (const args of [
      { from: 'ana@example.org' },
      { to: 'carol' },
      { subject: 'grüße' },
      { text: 'Straßenbahn' },
      { since: '2026-11-21', before: '2026-12-01' },
      { unseen: false },
      { unseen: true, since: '2026-11-21' },
    ]) {
      const result = await run.call('email.search', args);
      expect(result.isError).toBe(false);
      texts.push(
        `${JSON.stringify(args)} -> ${result.text
          .split('\n')
          .map((line) => line.split(' · ')[0])
          .join(' | ')}`,
      );
    }
    expect(texts).toMatchInlineSnapshot(`
      [
        "{"from":"ana@example.org"} -> 1 message in "INBOX" matches, newest first: | uid 1",
        "{"to":"carol"} -> 1 message in "INBOX" matches, newest first: | uid 3",
        "{"subject":"grüße"} -> 1 message in "INBOX" matches, newest first: | uid 3",
        "{"text":"Straßenbahn"} -> 1 message in "INBOX" matches, newest first: | uid 3",
        "{"since":"2026-11-21","before":"2026-12-01"} -> 1 message in "INBOX" matches, newest first: | uid 2",
        "{"unseen":false} -> 1 message in "INBOX" matches, newest first: | uid 2",
        "{"unseen":true,"since":"2026-11-21"} -> 1 message in "INBOX" matches, newest first: | uid 3",
      ]
    `);
  });

  it('says how many matched when it shows fewer, and says so plainly when none match', async () => {
    const run = cell.run();
    const two = await run.call('email.search', { limit: 2 });
    const none = await run.call('email.search', { subject: 'no such subject anywhere' });
    expect(two.text.split('\n')[0]).toMatchInlineSnapshot(
      `"3 messages in "INBOX" match; the newest 2 (narrow the search, or raise limit, for the others):"`,
    );
    expect(two.text.split('\n')).toHaveLength(3);
    expect(none.text).toBe('No message in "INBOX" matches.');
    expect(none.isError).toBe(false);
  });

  it('searches another mailbox, and names the mailboxes there are when one does not exist', async () => {
    const run = cell.run();
    const archive = await run.call('email.search', { mailbox: 'Archive' });
    const missing = await run.call('email.search', { mailbox: 'Nowhere' });
    expect(archive.text).toMatchInlineSnapshot(`
      "1 message in "Archive" matches, newest first:
      uid 1 · 2025-01-01 00:00 UTC · from old@example.org · to wes@example.org · "Old thing" · unread"
    `);
    expect(missing.code).toBe('not_found');
    expect(missing.text).toBe('there is no mailbox "Nowhere"; the mailboxes are "Archive", "INBOX"');
  });

  it('refuses days that do not exist and ranges nothing can match', async () => {
    const run = cell.run();
    const february = await run.call('email.search', { since: '2026-02-30' });
    const backwards = await run.call('email.search', { since: '2026-12-01', before: '2026-11-01' });
    const shape = await run.call('email.search', { since: 'yesterday' });
    expect([february.code, backwards.code, shape.code]).toEqual([
      'invalid_arguments',
      'invalid_arguments',
      'invalid_arguments',
    ]);
    expect(february.text).toBe('since "2026-02-30" is no day of the calendar; write YYYY-MM-DD');
    expect(backwards.text).toBe('since (2026-12-01) must be a day before before (2026-11-01); nothing can match both');
    expect(shape.text).toMatchInlineSnapshot(`
      "The arguments for \`email.search\` are not valid (1 problem):
      - /since: must match the pattern /^\\d{4}-\\d{2}-\\d{2}$/, got "yesterday" (a string)"
    `);
  });
});

describe('email.read against a real Dovecot', () => {
  it('shows headers, attachments and the text, and marks nothing as read', async () => {
    const run = cell.run();
    await run.call('email.search', { unseen: true });
    const result = await run.call('email.read', { uid: uids.figures });
    expect(result.isError).toBe(false);
    expect(result.text).toMatchInlineSnapshot(`
      "Message uid 1 in "INBOX" (unread)
      From: Ana Example <ana@example.org>
      To: Wes Gine <wes@example.org>
      Cc: bob@example.org
      Date: 2026-11-20 09:30:00 UTC
      Subject: Quarterly figures
      Message-ID: <q1@example.org>
      Attachments (3):
      - report.csv · text/csv · 8 bytes
      - ../../escape.txt · text/plain · 5 bytes
      - (no name) · application/octet-stream · 4 bytes

      Hello Wes,

      the figures are attached.

      Ana"
    `);
    expect(await servers.flags(uids.figures)).toEqual([]);
    expect(await servers.flags(uids.newsletter)).toEqual(['\\Seen']);
  });

  it('gives an HTML-only body as Markdown, without its scripts and styles', async () => {
    const result = await cell.run().call('email.read', { uid: uids.newsletter });
    expect(result.text).toMatchInlineSnapshot(`
      "Message uid 2 in "INBOX"
      From: News <news@lists.example.com>
      To: wes@example.org
      Date: 2026-11-25 12:00:00 UTC
      Subject: Newsletter
      Message-ID: <n1@lists.example.com>

      (the HTML body, as Markdown)
      # This week

      Three **new** things."
    `);
  });

  it('reads from another mailbox, and says which uid is missing where', async () => {
    const run = cell.run();
    const archived = await run.call('email.read', { uid: uids.archived, mailbox: 'Archive' });
    const missing = await run.call('email.read', { uid: 999 });
    const elsewhere = await run.call('email.read', { uid: uids.archived, mailbox: 'Nowhere' });
    expect(archived.text).toContain('Subject: Old thing');
    expect(missing.code).toBe('not_found');
    expect(missing.text).toBe('there is no message with uid 999 in "INBOX"; email.search lists the uids there');
    expect(elsewhere.code).toBe('not_found');
  });

  it('saves attachments as new files under safe names, never over a file that is there', async () => {
    const run = cell.run();
    const first = await run.call('email.read', { uid: uids.figures, save_attachments_to: 'mail/figures' });
    const folder = join(servers.workDir, 'mail', 'figures');
    writeFileSync(join(folder, 'mine.txt'), 'keep');
    const second = await run.call('email.read', { uid: uids.figures, save_attachments_to: 'mail/figures' });
    expect(first.isError).toBe(false);
    expect(first.text.split('\n').filter((line) => line.startsWith('- '))).toMatchInlineSnapshot(`
      [
        "- report.csv · text/csv · 8 bytes · saved as mail/figures/report.csv",
        "- ../../escape.txt · text/plain · 5 bytes · saved as mail/figures/escape.txt",
        "- (no name) · application/octet-stream · 4 bytes · saved as mail/figures/attachment-3",
      ]
    `);
    expect(second.text.split('\n').filter((line) => line.startsWith('- '))).toMatchInlineSnapshot(`
      [
        "- report.csv · text/csv · 8 bytes · saved as mail/figures/report (2).csv",
        "- ../../escape.txt · text/plain · 5 bytes · saved as mail/figures/escape (2).txt",
        "- (no name) · application/octet-stream · 4 bytes · saved as mail/figures/attachment-3 (2)",
      ]
    `);
    expect(readdirSync(folder).sort()).toEqual([
      'attachment-3',
      'attachment-3 (2)',
      'escape (2).txt',
      'escape.txt',
      'mine.txt',
      'report (2).csv',
      'report.csv',
    ]);
    expect(readFileSync(join(folder, 'report.csv'), 'utf8')).toBe('a,b\n1,2\n');
    expect(readFileSync(join(folder, 'attachment-3')).toString('hex')).toBe('00010203');
    expect(readFileSync(join(folder, 'mine.txt'), 'utf8')).toBe('keep');
    expect(existsSync(join(servers.workDir, 'escape.txt'))).toBe(false);
    expect(await servers.flags(uids.figures)).toEqual([]);
  });

  it('refuses to save into a file', async () => {
    writeFileSync(join(servers.workDir, 'plain.txt'), 'x');
    const result = await cell.run().call('email.read', { uid: uids.figures, save_attachments_to: 'plain.txt' });
    expect(result.code).toBe('invalid_arguments');
    expect(result.text).toBe('save_attachments_to "plain.txt" is a file, not a folder; name a folder');
  });

  it('refuses a message larger than maxMessageBytes before downloading it', async () => {
    const small = createEngine({ adapters: [emailAdapter] }).createCell({
      workDir: servers.workDir,
      email: servers.spec({ maxMessageBytes: 100 }),
    });
    const result = await small.run().call('email.read', { uid: uids.figures });
    await small.stop();
    expect(result.code).toBe('file_too_large');
    expect(result.text).toMatch(
      /^message uid \d+ is [\d.]+ KiB, more than the 100 bytes email\.read takes \(email\.maxMessageBytes\)$/,
    );
  });

  it('answers many calls at once over the one connection', async () => {
    const run = cell.run();
    const results = await Promise.all([
      run.call('email.read', { uid: uids.figures }),
      run.call('email.search', { mailbox: 'Archive' }),
      run.call('email.read', { uid: uids.greetings }),
      run.call('email.search', { from: 'news' }),
      run.call('email.read', { uid: uids.archived, mailbox: 'Archive' }),
      run.call('email.read', { uid: uids.newsletter }),
    ]);
    expect(results.map((result) => result.text.split('\n')[0])).toMatchInlineSnapshot(`
      [
        "Message uid 1 in "INBOX" (unread)",
        "1 message in "Archive" matches, newest first:",
        "Message uid 3 in "INBOX" (unread)",
        "1 message in "INBOX" matches, newest first:",
        "Message uid 1 in "Archive" (unread)",
        "Message uid 2 in "INBOX"",
      ]
    `);
  });
});
