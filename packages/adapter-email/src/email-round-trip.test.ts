import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ApprovalRequest, createEngine } from '@wesgine/runtime';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { emailAdapter } from './email-adapter.js';
import { type MailServers, startMailServers } from './testing/mail-servers.test.fixture.js';

let servers: MailServers;

beforeAll(async () => {
  // Whatever the SMTP server takes is put into the mailbox, as a mail server delivering to itself would.
  servers = await startMailServers({ deliver: true });
});

afterAll(async () => {
  await servers?.stop();
});

it('sends a message with an attachment, finds it in the mailbox, reads it, answers it, and logs out on stop', async () => {
  writeFileSync(join(servers.workDir, 'figures.csv'), 'month,total\nMärz,42\n');
  const cell = createEngine({ adapters: [emailAdapter] }).createCell({
    workDir: servers.workDir,
    email: servers.spec(),
  });
  const asked: ApprovalRequest[] = [];
  const human = {
    ask: async (request: ApprovalRequest) => {
      asked.push(request);
      return { decision: 'approve' as const };
    },
  };
  const sent = await cell.run({ human }).call('email.send', {
    to: ['Wes Gine <wes@example.org>'],
    subject: 'Round trip',
    text: 'The figures, as promised.',
    attachments: ['figures.csv'],
  });
  expect(sent.isError).toBe(false);
  await servers.smtp.next();
  const messageId = /^Message-ID: (.+)$/m.exec(sent.text)?.[1];

  const found = await cell.run().call('email.search', { subject: 'round trip' });
  expect(found.text).toMatch(
    /^1 message in "INBOX" matches, newest first:\nuid 1 · .+ · from Wes Gine <wes@example\.org> · to Wes Gine <wes@example\.org> · "Round trip" · unread · 1 attachment$/,
  );

  const read = await cell.run().call('email.read', { uid: 1, save_attachments_to: 'inbox' });
  expect(read.text).toContain(`Message-ID: ${messageId}`);
  expect(read.text).toContain('- figures.csv · text/csv · 21 bytes · saved as inbox/figures.csv');
  expect(read.text.endsWith('\n\nThe figures, as promised.')).toBe(true);
  expect(readFileSync(join(servers.workDir, 'inbox', 'figures.csv'), 'utf8')).toBe('month,total\nMärz,42\n');

  const answer = await cell.run({ human }).call('email.send', {
    to: ['wes@example.org'],
    subject: 'Re: Round trip',
    text: 'Thanks.',
    in_reply_to: messageId,
  });
  expect(answer.isError).toBe(false);
  await servers.smtp.next();
  const thread = await cell.run().call('email.read', { uid: 2 });
  expect(thread.text).toContain(`In-Reply-To: ${messageId}`);
  expect(asked.map((request) => request.tool)).toEqual(['email.send', 'email.send']);

  await cell.stop();
  // Dovecot writes its log line a moment after the logout it records.
  await expect.poll(() => servers.dovecot.log(), { timeout: 5000 }).toMatch(/Disconnected: Logged out/);
});
