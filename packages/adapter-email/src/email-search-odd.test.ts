import { type Cell, createEngine } from '@wesgine/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAdapter } from './email-adapter.js';
import { type MailServers, startMailServers } from './testing/mail-servers.test.fixture.js';

let servers: MailServers;
let cell: Cell;
const MANY = 150;

beforeAll(async () => {
  servers = await startMailServers();
  for (let n = 1; n <= MANY; n += 1) {
    await servers.seed(`From: bulk@example.org\r\nTo: wes@example.org\r\nSubject: bulk ${n}\r\n\r\nnumber ${n}\r\n`);
  }
  await servers.seed(
    { from: 'odd@example.org', to: 'wes@example.org', subject: 'a "quoted" (paren) \\ back', text: 'x' },
    { mailbox: 'Köln Büro' },
  );
  cell = createEngine({ adapters: [emailAdapter] }).createCell({ workDir: servers.workDir, email: servers.spec() });
});

afterAll(async () => {
  await cell?.stop();
  await servers?.stop();
});

describe('email.search with odd mailboxes, odd words and many messages', () => {
  it('gives the newest of many, and counts them all', async () => {
    const result = await cell.run().call('email.search', { limit: 100 });
    const lines = result.text.split('\n');
    expect(lines[0]).toBe(
      `${MANY} messages in "INBOX" match; the newest 100 (narrow the search, or raise limit, for the others):`,
    );
    expect(lines).toHaveLength(101);
    expect(lines[1]).toContain(`"bulk ${MANY}"`);
    expect(lines[100]).toContain(`"bulk ${MANY - 99}"`);
  });

  it('opens a mailbox with a non-ASCII name, and matches quotes, brackets and backslashes as words', async () => {
    const run = cell.run();
    const found = await run.call('email.search', { mailbox: 'Köln Büro', subject: '"quoted" (paren) \\' });
    expect(found.text).toMatch(/^1 message in "Köln Büro" matches, newest first:\nuid 1 · /);
    const read = await run.call('email.read', { mailbox: 'Köln Büro', uid: 1 });
    expect(read.text).toContain('Subject: a "quoted" (paren) \\ back');
  });

  it('takes a mailbox name that looks like IMAP syntax as a name, and finds none', async () => {
    const run = cell.run();
    for (const mailbox of ['INBOX" (UIDNEXT)', '*', '%', '../INBOX']) {
      // A run each: the same failure again in one run would add the CycleDetector's note.
      const result = await cell.run().call('email.search', { mailbox });
      expect(result.code, mailbox).toBe('not_found');
      expect(result.text).toBe(
        `there is no mailbox ${JSON.stringify(mailbox)}; the mailboxes are "INBOX", "Köln Büro"`,
      );
    }
    const injected = await run.call('email.search', { mailbox: 'INBOX\r\nA1 DELETE INBOX' });
    expect(injected.code).toBe('invalid_arguments');
    expect(injected.text).toMatchInlineSnapshot(`
      "The arguments for \`email.search\` are not valid (1 problem):
      - /mailbox: must match the pattern /^[^\\u0000-\\u001f\\u007f]+$/, got "INBOX\\r\\nA1 DELETE INBOX" (a string)"
    `);
    const still = await run.call('email.search', { limit: 1 });
    expect(still.text.split('\n')[0]).toContain(`${MANY} messages in "INBOX" match`);
  });
});
