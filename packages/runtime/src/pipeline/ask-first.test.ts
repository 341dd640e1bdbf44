import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Recipient, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import type { ApprovalDecision, ApprovalRequest, HumanChannel } from '../approval/approval-request.js';
import type { CellSpec } from '../engine/cell-spec.js';
import { createEngine } from '../engine/create-engine.js';

const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-ask-first-')));

/** A person who answers every request the same way, and remembers what was asked. */
function person(decision: ApprovalDecision): HumanChannel & { readonly asked: ApprovalRequest[] } {
  const asked: ApprovalRequest[] = [];
  return {
    asked,
    ask: async (request) => {
      asked.push(request);
      return decision;
    },
  };
}

/** A cell with two askFirst tools (one with recipients, one without) and a plain action tool. */
function cellWith(spec: Partial<CellSpec> = {}) {
  const calls: string[] = [];
  const cell = createEngine().createCell({ workDir, ...spec });
  cell.tools().register({
    name: 'mail.send',
    description: 'Records a message.',
    parameters: Type.Object({ to: Type.Array(Recipient()), text: Type.String() }),
    meta: { askFirst: true, openWorld: true },
    handler: (args) => {
      calls.push(`mail.send ${args.to.join(' ')}`);
      return 'sent';
    },
  });
  cell.tools().register({
    name: 'desk.click',
    description: 'Records a click.',
    parameters: Type.Object({ x: Type.Integer(), y: Type.Integer() }),
    meta: { askFirst: true },
    handler: (args) => {
      calls.push(`desk.click ${args.x},${args.y}`);
      return 'clicked';
    },
  });
  cell.tools().register({
    name: 'note',
    description: 'Records a note.',
    parameters: Type.Object({ text: Type.String() }),
    handler: (args) => {
      calls.push(`note ${args.text}`);
      return 'noted';
    },
  });
  return { cell, calls };
}

const message = { to: ['Bob <bob@example.org>', 'carol@X.org'], text: 'hi' };
const question =
  'mail.send asks a person before every call unless a zone rule allows it by name; this call goes to bob@example.org, carol@x.org';
const zone = (rules: object[], defaults: object = { action: 'allow' }) => ({ version: 1, zone: 'z', defaults, rules });

describe('meta.askFirst', () => {
  it('asks with no Zone at all, naming the tool and its recipients; no one attached means no', async () => {
    const { cell, calls } = cellWith();
    expect(await cell.run().call('mail.send', message)).toEqual({
      isError: true,
      code: 'approval_required',
      text: `This call needs a person's approval and no one is attached to this run to give it: ${question}`,
    });
    expect(cell.auditLog().at(-1)).toMatchObject({ outcome: 'approval_required', stage: 'approval', rule: 'askFirst' });
    expect((await cell.run().call('desk.click', { x: 3, y: 4 })).text).toBe(
      "This call needs a person's approval and no one is attached to this run to give it: desk.click asks a person before every call unless a zone rule allows it by name",
    );
    expect(await cell.run().call('note', { text: 'free' })).toEqual({ isError: false, text: 'noted' });
    expect(calls).toEqual(['note free']);
  });

  it('runs after a person approves, and not after a deny', async () => {
    const { cell, calls } = cellWith();
    const yes = person({ decision: 'approve' });
    expect(await cell.run({ human: yes }).call('mail.send', message)).toEqual({ isError: false, text: 'sent' });
    expect(yes.asked).toMatchObject([{ tool: 'mail.send', stage: 'ask-first', rule: 'askFirst', question }]);
    expect(cell.auditLog().at(-1)).toMatchObject({ outcome: 'ok', approval: 'once' });
    const no = person({ decision: 'deny', reason: 'not to Carol' });
    expect(await cell.run({ human: no }).call('mail.send', message)).toEqual({
      isError: true,
      code: 'denied',
      text: 'The call was not approved: not to Carol',
    });
    expect(calls).toEqual(['mail.send Bob <bob@example.org> carol@X.org']);
  });

  it('asks where a Zone allows only by its category default or by a rule that does not name the tool', async () => {
    for (const rules of [
      [],
      [{ id: 'all', effect: 'allow', tools: ['*'] }],
      [{ id: 'ish', effect: 'allow', tools: ['*.send'] }],
    ]) {
      const { cell, calls } = cellWith({ zone: zone(rules) });
      expect((await cell.run().call('mail.send', message)).code).toBe('approval_required');
      expect(await cell.run().call('note', { text: 'free' })).toEqual({ isError: false, text: 'noted' });
      expect(calls).toEqual(['note free']);
    }
  });

  it('goes without asking only where Zone rules naming the tool (or its source) allow every target', async () => {
    const { cell, calls } = cellWith({
      zone: zone([
        { id: 'team', effect: 'allow', tools: ['mail.send'], recipients: ['*@example.org', '*@x.org'] },
        { id: 'clicks', effect: 'allow', tools: ['desk.*'] },
      ]),
    });
    expect(await cell.run().call('mail.send', message)).toEqual({ isError: false, text: 'sent' });
    expect(await cell.run().call('desk.click', { x: 1, y: 2 })).toEqual({ isError: false, text: 'clicked' });
    // One recipient the rule does not cover: the default allows it, so the tool asks.
    const mixed = await cell.run().call('mail.send', { to: ['bob@example.org', 'zoe@elsewhere.net'], text: 'hi' });
    expect(mixed.text).toBe(
      "This call needs a person's approval and no one is attached to this run to give it: mail.send asks a person before every call unless a zone rule allows it by name; this call goes to bob@example.org, zoe@elsewhere.net",
    );
    expect(calls).toEqual(['mail.send Bob <bob@example.org> carol@X.org', 'desk.click 1,2']);
  });

  it('still denies what a Zone denies, and asks once where a Zone rule asks', async () => {
    const { cell, calls } = cellWith({
      zone: zone([
        { id: 'no-x', effect: 'deny', tools: ['mail.send'], recipients: ['*@x.org'], reason: 'x.org is closed' },
        { id: 'check', effect: 'ask', tools: ['mail.send'], recipients: ['*@example.org'] },
      ]),
    });
    expect(await cell.run({ human: person({ decision: 'approve' }) }).call('mail.send', message)).toEqual({
      isError: true,
      code: 'zone_denied',
      text: "Not allowed by zone 'z': x.org is closed",
    });
    const yes = person({ decision: 'approve' });
    expect((await cell.run({ human: yes }).call('mail.send', { to: ['bob@example.org'], text: 'hi' })).text).toBe(
      'sent',
    );
    expect(yes.asked.map((request) => [request.stage, request.rule, request.question])).toEqual([
      ['zone', 'check', 'rule check asks for approval of mail.send to bob@example.org'],
    ]);
    expect(calls).toEqual(['mail.send bob@example.org']);
  });

  it("asks when a run's own zone narrows a cell zone that names the tool but does not name it itself", async () => {
    const { cell, calls } = cellWith({ zone: zone([{ id: 'clicks', effect: 'allow', tools: ['desk.click'] }]) });
    expect((await cell.run().call('desk.click', { x: 0, y: 0 })).text).toBe('clicked');
    const narrowed = cell.run({ zone: zone([]) });
    expect((await narrowed.call('desk.click', { x: 5, y: 5 })).code).toBe('approval_required');
    const both = cell.run({ zone: zone([{ id: 'mine', effect: 'allow', tools: ['desk.click'] }]) });
    expect((await both.call('desk.click', { x: 6, y: 6 })).text).toBe('clicked');
    expect(calls).toEqual(['desk.click 0,0', 'desk.click 6,6']);
  });

  it('remembers an approval for the session for the same call only', async () => {
    const { cell, calls } = cellWith();
    const once = person({ decision: 'approve', scope: 'session' });
    const run = cell.run({ human: once, sessionId: 's1' });
    await run.call('desk.click', { x: 1, y: 1 });
    await run.call('desk.click', { x: 1, y: 1 });
    await run.call('desk.click', { x: 2, y: 2 });
    expect(once.asked).toHaveLength(2);
    expect(calls).toEqual(['desk.click 1,1', 'desk.click 1,1', 'desk.click 2,2']);
  });

  it('runs nothing when the call is cancelled while it waits for the person', async () => {
    const { cell, calls } = cellWith();
    const queue = cell.approvals();
    const controller = new AbortController();
    const waiting = cell.run({ human: queue }).call('mail.send', message, { signal: controller.signal });
    await expect.poll(() => queue.pending().length).toBe(1);
    controller.abort();
    expect(await waiting).toEqual({
      isError: true,
      code: 'aborted',
      text: 'mail.send was cancelled while it waited for approval',
    });
    expect(queue.pending()).toEqual([]);
    expect(calls).toEqual([]);
  });
});
