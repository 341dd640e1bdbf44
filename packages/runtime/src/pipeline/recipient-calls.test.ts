import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineTool, Recipient, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { type AdapterSource, defineAdapter } from '../adapter/adapter.js';
import type { EmailSpec } from '../adapter/email-spec.js';
import { createEngine } from '../engine/create-engine.js';
import type { CallStep } from './call-step.js';

const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-recipients-')));

/** A stand-in for the email adapter's tool: its governance is what is tested, so it only records. */
const notifyTool = defineTool({
  name: 'email.notify',
  description: 'Records a notice for the given recipients.',
  parameters: Type.Object({
    to: Type.Array(Recipient(), { minItems: 1 }),
    cc: Type.Optional(Type.Array(Recipient())),
    text: Type.String(),
  }),
});

function mailEngine(sent: unknown[]) {
  const adapter = defineAdapter({
    field: 'email',
    provenance: 'test-mail@1.0.0',
    create: (): AdapterSource => ({
      kind: 'adapter',
      id: 'adapter:email',
      provenance: 'test-mail@1.0.0',
      tools: () => [
        {
          definition: notifyTool,
          handler: (args: unknown) => {
            sent.push(args);
            return 'recorded';
          },
        },
      ],
      close: async () => {},
    }),
  });
  return createEngine({ adapters: [adapter] });
}

const server = { host: '127.0.0.1', port: 1 };
const email = (allowRecipients?: readonly string[]): EmailSpec => ({
  smtp: server,
  imap: server,
  from: 'agent@example.com',
  ...(allowRecipients === undefined ? {} : { allowRecipients }),
});
const allowAll = { version: 1, zone: 'open', defaults: { action: 'allow' }, rules: [] };

describe('Recipient() arguments', () => {
  it('refuses a value that is no address before anything runs, naming the pointer and the value', async () => {
    const sent: unknown[] = [];
    const cell = mailEngine(sent).createCell({ workDir, email: email(), zone: allowAll });
    const run = cell.run();
    const steps: CallStep[] = [];
    const result = await run.call(
      'email.notify',
      { to: ['bob@example.com', 'Bob, Carol <c@x.org>'], text: 'hi' },
      { onStep: (step) => steps.push(step) },
    );
    expect(result).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: '/to/1 must be one mail address, as bob@example.org or Bob <bob@example.org>, but "Bob, Carol <c@x.org>" is not: a name with a comma, semicolon, "<", ">" or a quote in it must be in double quotes.',
    });
    expect(
      (await run.call('email.notify', { to: ['a@x.org'], cc: ['a@x.org\nBcc: eve@evil.org'], text: 'hi' })).text,
    ).toBe(
      '/cc/0 must be one mail address, as bob@example.org or Bob <bob@example.org>, but "a@x.org\\nBcc: eve@evil.org" is not: it holds a line break or another control character.',
    );
    expect(steps.map((step) => `${step.step} ${step.outcome}`)).toEqual([
      'resolve pass',
      'validate pass',
      'validate refused',
      'record pass',
    ]);
    expect(cell.auditLog().at(-1)).toMatchObject({
      tool: 'email.notify',
      outcome: 'invalid_arguments',
      stage: 'validate',
    });
    expect(sent).toEqual([]);
  });

  it("refuses, in the Sandbox, a recipient outside the cell's allowRecipients, whatever the Zone says", async () => {
    const sent: unknown[] = [];
    const cell = mailEngine(sent).createCell({
      workDir,
      email: email(['*@example.com', 'Bob@Partner.org', '*@*.example.net']),
      zone: allowAll,
    });
    const run = cell.run();
    const ok = await run.call('email.notify', {
      to: ['Ann <ann@EXAMPLE.com>', 'bob@partner.org'],
      cc: ['x@eu.example.net'],
      text: 'hi',
    });
    expect(ok).toEqual({ isError: false, text: 'recorded' });
    expect(cell.auditLog().at(-1)).toMatchObject({
      outcome: 'ok',
      // In the order of the schema's pointers: cc before to.
      judged: ['recipient:x@eu.example.net', 'recipient:ann@example.com', 'recipient:bob@partner.org'],
    });
    for (const outsider of ['carol@elsewhere.org', 'dan@sub.example.com', 'eve@example.net']) {
      const steps: CallStep[] = [];
      const result = await run.call(
        'email.notify',
        { to: ['ann@example.com', outsider], text: 'hi' },
        { onStep: (step) => steps.push(step) },
      );
      expect(steps.find((step) => step.step === 'govern')).toMatchObject({
        outcome: 'refused',
        decidedBy: 'sandbox',
        rule: 'allow-recipients',
        code: 'not_allowed',
        judged: ['recipient:ann@example.com', `recipient:${outsider}`],
      });
      expect(result).toEqual({
        isError: true,
        code: 'not_allowed',
        text: `Not allowed: ${outsider} is not among the recipients this cell may send to (*@example.com, Bob@Partner.org, *@*.example.net). Leave it out, or ask the person running the cell to add it to email.allowRecipients.`,
      });
      expect(cell.auditLog().at(-1)).toMatchObject({
        outcome: 'not_allowed',
        stage: 'sandbox',
        rule: 'allow-recipients',
        judged: ['recipient:ann@example.com', `recipient:${outsider}`],
      });
    }
    expect(sent).toHaveLength(1);
  });

  it('refuses every recipient when allowRecipients is empty, and any address passes without the list', async () => {
    const sent: unknown[] = [];
    const closed = mailEngine(sent).createCell({ workDir, email: email([]), zone: allowAll });
    expect((await closed.run().call('email.notify', { to: ['a@example.com'], text: 'hi' })).text).toBe(
      'Not allowed: a@example.com is not among the recipients this cell may send to (none: the list is empty). Leave it out, or ask the person running the cell to add it to email.allowRecipients.',
    );
    const open = mailEngine(sent).createCell({ workDir, email: email(), zone: allowAll });
    expect((await open.run().call('email.notify', { to: ['a@anywhere.org'], text: 'hi' })).text).toBe('recorded');
  });

  it('lets the Zone judge each recipient after the Sandbox: strictest wins, and an ask waits for a person', async () => {
    const sent: unknown[] = [];
    const zone = {
      version: 1,
      zone: 'mail',
      defaults: { action: 'allow' },
      rules: [
        { id: 'rivals', effect: 'deny', tools: ['email.*'], recipients: ['*@rival.com'], reason: 'never mail a rival' },
        { id: 'outside', effect: 'ask', tools: ['email.*'], recipients: ['*@*'] },
        { id: 'team', effect: 'allow', tools: ['email.*'], recipients: ['*@example.com'] },
      ],
    };
    const cell = mailEngine(sent).createCell({
      workDir,
      email: email(['*@example.com', '*@rival.com', '*@x.org']),
      zone,
    });
    const denied = await cell.run().call('email.notify', { to: ['a@x.org', 'b@rival.com'], text: 'hi' });
    expect(denied).toEqual({
      isError: true,
      code: 'zone_denied',
      text: "Not allowed by zone 'mail': never mail a rival",
    });
    const unattended = await cell.run().call('email.notify', { to: ['a@x.org'], text: 'hi' });
    expect(unattended.text).toBe(
      "This call needs a person's approval and no one is attached to this run to give it: rule outside asks for approval of email.notify to a@x.org",
    );
    const queue = cell.approvals();
    const asked = cell.run({ human: queue }).call('email.notify', { to: ['a@x.org'], text: 'hi' });
    await expect.poll(() => queue.pending().length).toBe(1);
    expect(queue.pending()[0]).toMatchObject({ stage: 'zone', rule: 'outside', tool: 'email.notify' });
    queue.decide(queue.pending()[0]?.id as string, { decision: 'approve' });
    expect(await asked).toEqual({ isError: false, text: 'recorded' });
    expect(cell.auditLog().at(-1)).toMatchObject({ outcome: 'ok', approval: 'once', judged: ['recipient:a@x.org'] });
    expect(sent).toHaveLength(1);
  });
});
