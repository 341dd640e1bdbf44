import { mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApprovalRequest, type Cell, createEngine, DEFAULT_ZONE_FILE } from '@wesgine/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAdapter } from './email-adapter.js';
import { type MailServers, startMailServers } from './testing/mail-servers.test.fixture.js';

let servers: MailServers;
let outside: string;
const engine = createEngine({ adapters: [emailAdapter] });
const cells: Cell[] = [];

beforeAll(async () => {
  servers = await startMailServers();
  outside = mkdtempSync(join(tmpdir(), 'wesgine-email-outside-'));
  writeFileSync(join(outside, 'secret.txt'), 'not yours');
  writeFileSync(join(servers.workDir, 'note.txt'), 'a note');
  symlinkSync(outside, join(servers.workDir, 'link-out'));
  await servers.seed({
    from: 'ana@example.org',
    to: 'wes@example.org',
    subject: 'Keys',
    text: 'see attached',
    attachments: [
      { filename: 'server.pem', content: 'KEY' },
      { filename: 'notes.txt', content: 'fine' },
    ],
  });
});

afterAll(async () => {
  await Promise.all(cells.map((cell) => cell.stop()));
  await servers?.stop();
  rmSync(outside, { recursive: true, force: true });
});

function cellWith(extra: { allowRecipients?: string[]; zone?: object | string } = {}): Cell {
  const { zone, ...email } = extra;
  const cell = engine.createCell({
    workDir: servers.workDir,
    email: servers.spec(email),
    ...(zone === undefined ? {} : { zone: zone as Record<string, unknown> }),
  });
  cells.push(cell);
  return cell;
}

/** The cell's approval queue as the person: answers each question with `decision` and keeps it. */
function person(cell: Cell, decision: 'approve' | 'deny', asked: ApprovalRequest[]): () => void {
  return cell.approvals().onRequest((request) => {
    asked.push(request);
    cell.approvals().decide(request.id, decision === 'approve' ? { decision } : { decision, reason: 'not this one' });
  });
}

const message = (to: string[], extra: Record<string, unknown> = {}) => ({
  to,
  subject: 'Governed',
  text: 'x',
  ...extra,
});

describe('who email.send may reach, and who decides', () => {
  it('refuses a recipient outside allowRecipients before anyone is asked, and sends nothing', async () => {
    const cell = cellWith({ allowRecipients: ['*@example.org', 'boss@partner.example'] });
    const asked: ApprovalRequest[] = [];
    const stop = person(cell, 'approve', asked);
    const result = await cell
      .run({ human: cell.approvals() })
      .call('email.send', message(['ana@example.org', 'eve@evil.example']));
    stop();
    expect(result.code).toBe('not_allowed');
    expect(result.text).toMatchInlineSnapshot(
      `"Not allowed: eve@evil.example is not among the recipients this cell may send to (*@example.org, boss@partner.example). Leave it out, or ask the person running the cell to add it to email.allowRecipients."`,
    );
    expect(asked).toEqual([]);
    expect(servers.smtp.received).toHaveLength(0);
    expect(cell.auditLog().at(-1)).toMatchObject({
      stage: 'sandbox',
      judged: expect.arrayContaining(['recipient:eve@evil.example']),
    });
  });

  it('asks a person by default, naming the recipients; approved it sends, denied it does not', async () => {
    const cell = cellWith();
    const asked: ApprovalRequest[] = [];
    let stop = person(cell, 'deny', asked);
    const denied = await cell.run({ human: cell.approvals() }).call('email.send', message(['bob@example.org']));
    stop();
    expect(denied.isError).toBe(true);
    expect(denied.text).toMatchInlineSnapshot(`"The call was not approved: not this one"`);
    expect(servers.smtp.received).toHaveLength(0);
    stop = person(cell, 'approve', asked);
    const approved = await cell.run({ human: cell.approvals() }).call('email.send', message(['bob@example.org']));
    stop();
    expect(approved.isError).toBe(false);
    const arrived = await servers.smtp.next();
    expect(arrived.to).toEqual(['bob@example.org']);
    expect(asked.map((request) => [request.tool, request.question])).toMatchInlineSnapshot(`
      [
        [
          "email.send",
          "email.send asks a person before every call unless a zone rule allows it by name; this call goes to bob@example.org",
        ],
        [
          "email.send",
          "email.send asks a person before every call unless a zone rule allows it by name; this call goes to bob@example.org",
        ],
      ]
    `);
  });

  it('refuses to send with no person to ask', async () => {
    const before = servers.smtp.received.length;
    const result = await cellWith()
      .run()
      .call('email.send', message(['bob@example.org']));
    expect(result.isError).toBe(true);
    expect([result.code, result.text]).toMatchInlineSnapshot(`
      [
        "approval_required",
        "This call needs a person's approval and no one is attached to this run to give it: email.send asks a person before every call unless a zone rule allows it by name; this call goes to bob@example.org",
      ]
    `);
    expect(servers.smtp.received.length).toBe(before);
  });

  it('follows Zone recipients rules: allowed without asking, asked, denied, and the strictest of several', async () => {
    const cell = cellWith({
      zone: {
        version: 1,
        zone: 'test/mail',
        defaults: { exploration: 'allow', action: 'ask', noHuman: 'deny' },
        rules: [
          { id: 'team', effect: 'allow', tools: ['email.send'], recipients: ['*@example.org'] },
          { id: 'partners', effect: 'ask', tools: ['email.send'], recipients: ['*@*.partner.example'] },
          {
            id: 'never',
            effect: 'deny',
            tools: ['email.send'],
            recipients: ['*@evil.example'],
            reason: 'a known phishing domain',
          },
        ],
      },
    });
    const asked: ApprovalRequest[] = [];
    const stop = person(cell, 'approve', asked);
    const run = () => cell.run({ human: cell.approvals() });
    const before = servers.smtp.received.length;
    const team = await run().call('email.send', message(['ana@example.org']));
    expect(asked).toHaveLength(0);
    const partner = await run().call('email.send', message(['kim@eu.partner.example']));
    expect(asked.map((request) => request.rule)).toEqual(['partners']);
    const mixed = await run().call('email.send', message(['ana@example.org'], { cc: ['kim@eu.partner.example'] }));
    const evil = await run().call('email.send', message(['ana@example.org'], { bcc: ['eve@evil.example'] }));
    stop();
    expect([team.isError, partner.isError, mixed.isError]).toEqual([false, false, false]);
    expect(asked).toHaveLength(2);
    expect([evil.code, evil.text]).toMatchInlineSnapshot(`
      [
        "zone_denied",
        "Not allowed by zone 'test/mail': a known phishing domain",
      ]
    `);
    const arrived = servers.smtp.received.slice(before).map((received) => received.to.join(','));
    expect(arrived).toEqual(['ana@example.org', 'kim@eu.partner.example', 'ana@example.org,kim@eu.partner.example']);
    for (const _ of arrived) await servers.smtp.next();
  });
});

describe('the files email tools touch stay inside what the cell may use', () => {
  it('refuses an attachment outside the roots, through a link too, and sends nothing', async () => {
    const cell = cellWith({
      zone: { version: 1, zone: 'test/send', rules: [{ id: 'send', effect: 'allow', tools: ['email.send'] }] },
    });
    const before = servers.smtp.received.length;
    const direct = await cell
      .run()
      .call('email.send', message(['ana@example.org'], { attachments: [join(outside, 'secret.txt')] }));
    const linked = await cell
      .run()
      .call('email.send', message(['ana@example.org'], { attachments: ['link-out/secret.txt'] }));
    expect([direct.code, linked.code]).toEqual(['path_not_allowed', 'path_not_allowed']);
    expect(direct.text).toBe(
      `Not allowed: ${join(outside, 'secret.txt')} is outside the allowed folders (${servers.workDir}).`,
    );
    expect(servers.smtp.received.length).toBe(before);
    const inside = await cell.run().call('email.send', message(['ana@example.org'], { attachments: ['note.txt'] }));
    expect(inside.isError).toBe(false);
    expect((await servers.smtp.next()).parsed.attachments[0]?.content.toString()).toBe('a note');
  });

  it('refuses to save attachments outside the roots, and under the default zone saving asks while reading does not', async () => {
    const cell = cellWith({ zone: DEFAULT_ZONE_FILE });
    const asked: ApprovalRequest[] = [];
    const stop = person(cell, 'approve', asked);
    const run = () => cell.run({ human: cell.approvals() });
    const away = await run().call('email.read', { uid: 1, save_attachments_to: join(outside, 'mail') });
    const linked = await run().call('email.read', { uid: 1, save_attachments_to: 'link-out/mail' });
    expect([away.code, linked.code]).toEqual(['path_not_allowed', 'path_not_allowed']);
    expect(readdirSync(outside)).toEqual(['secret.txt']);
    const read = await run().call('email.read', { uid: 1 });
    expect(read.isError).toBe(false);
    expect(asked).toHaveLength(0);
    const saved = await run().call('email.read', { uid: 1, save_attachments_to: 'kept' });
    writeFileSync(join(servers.workDir, '.env'), 'TOKEN=secret');
    const before = servers.smtp.received.length;
    const secret = await run().call('email.send', message(['ana@example.org'], { attachments: ['.env'] }));
    stop();
    expect(secret.code).toBe('zone_denied');
    expect(secret.text).toMatchInlineSnapshot(
      `"Not allowed by zone 'wesgine/default': files that usually hold secrets are closed to agents"`,
    );
    expect(servers.smtp.received.length).toBe(before);
    expect(asked.map((request) => request.tool)).toEqual(['email.read']);
    expect(saved.text.split('\n').filter((line) => line.startsWith('- '))).toMatchInlineSnapshot(`
      [
        "- server.pem · application/octet-stream · 3 bytes · not saved: governance keeps this tool from files named "server.pem"",
        "- notes.txt · text/plain · 4 bytes · saved as kept/notes.txt",
      ]
    `);
    expect(readdirSync(join(servers.workDir, 'kept'))).toEqual(['notes.txt']);
  });
});
