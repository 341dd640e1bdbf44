import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, Path, ToolError, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { scriptedClient } from '../agent/scripted-client.js';
import { createEngine } from '../engine/create-engine.js';
import type { Run } from '../engine/run.js';
import { DEFAULT_ZONE_FILE } from '../zone/default-zone.js';
import type { CallOptions } from './call-options.js';
import type { CallStep } from './call-step.js';
import type { ToolResult } from './tool-result.js';

// The trace of a call's walk (`CallOptions.onStep`) on a real cell with the shipped default zone and
// real files: every step in order, with its outcome, who decided, the rule and what was judged.

function world() {
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-trace-')));
  writeFileSync(join(work, 'README.md'), 'hello from the readme');
  writeFileSync(join(work, '.env'), 'TOKEN=not-a-real-secret');
  const cell = createEngine().createCell({ workDir: work, zone: DEFAULT_ZONE_FILE });
  cell.tools().register({
    name: 'read',
    description: 'Reads a file.',
    parameters: Type.Object({ path: Path({ access: 'read' }), limit: Type.Optional(Type.Integer()) }),
    meta: { readOnly: true },
    handler: (_args, context) => {
      try {
        return readFileSync(context.resolvedPaths.get('/path') ?? '', 'utf8');
      } catch {
        throw new ToolError('not_found', 'There is no such file');
      }
    },
  });
  cell.tools().register({
    name: 'exec',
    description: 'Runs a command.',
    parameters: Type.Object({ command: Command() }),
    handler: ({ command }) => `ran ${command}`,
  });
  const source = `cell ${cell.id}`;
  return { cell, work, source };
}

/** Calls with a listener; answers the result and the steps heard, each `ms` checked and left out. */
async function traced(
  run: Run,
  name: string,
  args: unknown,
  options: CallOptions = {},
): Promise<{ result: ToolResult; steps: Omit<CallStep, 'ms'>[] }> {
  const heard: CallStep[] = [];
  const result = await run.call(name, args, { ...options, onStep: (step) => heard.push(step) });
  const steps = heard.map(({ ms, ...rest }) => {
    expect(Number.isFinite(ms) && ms >= 0, `${rest.step} took ${ms} ms`).toBe(true);
    return rest;
  });
  return { result, steps };
}

const AFTER_CYCLE = [
  { step: 'context', outcome: 'pass' },
  { step: 'handle', outcome: 'pass' },
  { step: 'shape', outcome: 'pass' },
  { step: 'record', outcome: 'pass' },
];

describe('CallOptions.onStep', () => {
  it('hears an allowed read walk every step, the zone rule that allowed it and the real path judged', async () => {
    const { cell, work, source } = world();
    const { result, steps } = await traced(cell.run(), 'read', { path: './notes/../README.md' });
    expect(result).toEqual({ isError: false, text: 'hello from the readme' });
    expect(steps).toEqual([
      { step: 'resolve', outcome: 'pass', detail: `read from ${source}, source sdk` },
      { step: 'validate', outcome: 'pass' },
      {
        step: 'govern',
        outcome: 'pass',
        decidedBy: 'zone',
        rule: 'default:exploration',
        judged: [`path:${work}/README.md`],
      },
      { step: 'cycle', outcome: 'pass' },
      ...AFTER_CYCLE,
    ]);
  });

  it('hears a zone denial: govern refused by the zone, its rule and the real path, then cycle and record', async () => {
    const { cell, work, source } = world();
    const { result, steps } = await traced(cell.run(), 'read', { path: '.env' });
    const message = "Not allowed by zone 'wesgine/default': files that usually hold secrets are closed to agents";
    expect(result).toEqual({ isError: true, code: 'zone_denied', text: message });
    expect(steps).toEqual([
      { step: 'resolve', outcome: 'pass', detail: `read from ${source}, source sdk` },
      { step: 'validate', outcome: 'pass' },
      {
        step: 'govern',
        outcome: 'refused',
        decidedBy: 'zone',
        rule: 'no-secrets',
        code: 'zone_denied',
        detail: message,
        judged: [`path:${work}/.env`],
      },
      { step: 'cycle', outcome: 'pass' },
      { step: 'record', outcome: 'pass' },
    ]);
  });

  it('records the real paths judged on the audit event of a refused call too, with or without a trace', async () => {
    const { cell, work } = world();
    await cell.run().call('read', { path: '.env' });
    expect(cell.auditLog().at(-1)).toMatchObject({
      outcome: 'zone_denied',
      stage: 'zone',
      rule: 'no-secrets',
      judged: [`path:${work}/.env`],
    });
    await traced(cell.run(), 'read', { path: 'notes/../.env' });
    expect(cell.auditLog().at(-1)?.judged).toEqual([`path:${work}/.env`]);
  });

  it('hears the Sandbox refuse a path outside the work folder, with the path it resolved to', async () => {
    const { cell } = world();
    const { result, steps } = await traced(cell.run(), 'read', { path: '/etc/hostname' });
    expect(result.code).toBe('path_not_allowed');
    expect(steps[2]).toEqual({
      step: 'govern',
      outcome: 'refused',
      decidedBy: 'sandbox',
      code: 'path_not_allowed',
      detail: result.text,
      judged: [`path:${realpathSync('/etc/hostname')}`],
    });
  });

  it('hears an exec that asked: approval asked, then approved, then the handler ran', async () => {
    const { cell, source } = world();
    const queue = cell.approvals();
    const run = cell.run({ human: queue });
    const asked = new Promise<string>((resolve) => queue.onRequest((request) => resolve(request.id)));
    const call = traced(run, 'exec', { command: 'ls  -la' });
    queue.decide(await asked, { decision: 'approve' });
    const { result, steps } = await call;
    const question = 'no rule covers exec running `ls -la`; action calls need approval by default';
    expect(result).toEqual({ isError: false, text: 'ran ls  -la' });
    expect(steps).toEqual([
      { step: 'resolve', outcome: 'pass', detail: `exec from ${source}, source sdk` },
      { step: 'validate', outcome: 'pass' },
      {
        step: 'govern',
        outcome: 'pass',
        decidedBy: 'zone',
        rule: 'default:action',
        detail: `asks a person: ${question}`,
        judged: ['argv:["ls","-la"]'],
      },
      { step: 'cycle', outcome: 'pass' },
      { step: 'approval', outcome: 'asked', rule: 'default:action', detail: question },
      { step: 'approval', outcome: 'approved', rule: 'default:action', detail: 'approved once' },
      ...AFTER_CYCLE,
    ]);
  });

  it('hears an approval given earlier for the session as one approved step, nobody asked again', async () => {
    const { cell } = world();
    const queue = cell.approvals();
    const run = cell.run({ human: queue, sessionId: 's1' });
    const asked = new Promise<string>((resolve) => queue.onRequest((request) => resolve(request.id)));
    const first = traced(run, 'exec', { command: 'git status' });
    queue.decide(await asked, { decision: 'approve', scope: 'session' });
    expect((await first).steps[5]).toEqual({
      step: 'approval',
      outcome: 'approved',
      rule: 'default:action',
      detail: 'approved for the session',
    });
    // The same call again: an action repeated once is warned of, and the approval holds.
    const again = await traced(run, 'exec', { command: 'git status' });
    const note =
      'Note: exec was called with the same arguments 2 times in a row. If the result did not help, change the arguments or the approach.';
    expect(again.result).toEqual({ isError: false, text: `ran git status\n\n${note}` });
    expect(again.steps.slice(3, 6)).toEqual([
      { step: 'cycle', outcome: 'warn', rule: 'repeat', detail: note },
      { step: 'approval', outcome: 'approved', rule: 'default:action', detail: 'approved earlier for the session' },
      { step: 'context', outcome: 'pass' },
    ]);
    expect(queue.pending()).toEqual([]);
  });

  it('hears a denial with its reason, and a call no one can approve refused at the approval step', async () => {
    const { cell } = world();
    const queue = cell.approvals();
    const asked = new Promise<string>((resolve) => queue.onRequest((request) => resolve(request.id)));
    const call = traced(cell.run({ human: queue }), 'exec', { command: 'rm notes.md' });
    queue.decide(await asked, { decision: 'deny', reason: 'keep the notes' });
    const denied = await call;
    expect(denied.result).toEqual({ isError: true, code: 'denied', text: 'The call was not approved: keep the notes' });
    expect(denied.steps.slice(4)).toEqual([
      { step: 'approval', outcome: 'asked', rule: 'default:action', detail: expect.stringContaining('rm notes.md') },
      {
        step: 'approval',
        outcome: 'denied',
        rule: 'default:action',
        code: 'denied',
        detail: 'The call was not approved: keep the notes',
      },
      { step: 'record', outcome: 'pass' },
    ]);

    const nobody = await traced(cell.run(), 'exec', { command: 'touch x' });
    expect(nobody.result.code).toBe('approval_required');
    expect(nobody.steps.slice(4)).toEqual([
      {
        step: 'approval',
        outcome: 'refused',
        rule: 'default:action',
        code: 'approval_required',
        detail: nobody.result.text,
      },
      { step: 'record', outcome: 'pass' },
    ]);
  });

  it('hears the CycleDetector warn on the third same read and block the fifth, which does not run', async () => {
    const { cell, work, source } = world();
    const run = cell.run();
    const govern = {
      step: 'govern',
      outcome: 'pass',
      decidedBy: 'zone',
      rule: 'default:exploration',
      judged: [`path:${work}/README.md`],
    };
    const head = [
      { step: 'resolve', outcome: 'pass', detail: `read from ${source}, source sdk` },
      { step: 'validate', outcome: 'pass' },
      govern,
    ];
    for (let time = 1; time <= 2; time++) {
      expect((await traced(run, 'read', { path: 'README.md' })).steps).toEqual([
        ...head,
        { step: 'cycle', outcome: 'pass' },
        ...AFTER_CYCLE,
      ]);
    }
    const warn =
      'Note: read was called with the same arguments 3 times in a row. If the result did not help, change the arguments or the approach.';
    const third = await traced(run, 'read', { path: 'README.md' });
    expect(third.result).toEqual({ isError: false, text: `hello from the readme\n\n${warn}` });
    expect(third.steps).toEqual([
      ...head,
      { step: 'cycle', outcome: 'warn', rule: 'repeat', detail: warn },
      ...AFTER_CYCLE,
    ]);
    await traced(run, 'read', { path: 'README.md' });
    const block =
      'Not run: read was called with the same arguments 5 times in a row. The result will not change; try another approach.';
    const fifth = await traced(run, 'read', { path: 'README.md' });
    expect(fifth.result).toEqual({ isError: true, code: 'cycle_blocked', text: block });
    expect(fifth.steps).toEqual([
      ...head,
      { step: 'cycle', outcome: 'refused', rule: 'repeat', code: 'cycle_blocked', detail: block },
      { step: 'record', outcome: 'pass' },
    ]);
    // The audit events tell the same: the notes of the third and fourth, the fifth's block.
    expect(cell.auditLog().map((event) => [event.outcome, event.stage, event.cycle])).toEqual([
      ['ok', undefined, undefined],
      ['ok', undefined, undefined],
      ['ok', undefined, { action: 'warn', rule: 'repeat' }],
      ['ok', undefined, { action: 'warn', rule: 'repeat' }],
      ['cycle_blocked', 'cycle', { action: 'block', rule: 'repeat' }],
    ]);
  });

  it('hears a call in a provider dialect decoded before it is validated', async () => {
    const { cell, work, source } = world();
    const { result, steps } = await traced(
      cell.run(),
      'read',
      { path: 'README.md', limit: null },
      { dialect: 'openai-strict' },
    );
    expect(result).toEqual({ isError: false, text: 'hello from the readme' });
    expect(steps).toEqual([
      { step: 'resolve', outcome: 'pass', detail: `read from ${source}, source sdk` },
      { step: 'decode', outcome: 'pass', detail: 'arguments decoded from openai-strict' },
      { step: 'validate', outcome: 'pass' },
      {
        step: 'govern',
        outcome: 'pass',
        decidedBy: 'zone',
        rule: 'default:exploration',
        judged: [`path:${work}/README.md`],
      },
      { step: 'cycle', outcome: 'pass' },
      ...AFTER_CYCLE,
    ]);
  });

  it('hears the refusals that end a call early: an unknown tool, bad arguments', async () => {
    const { cell } = world();
    const run = cell.run();
    const unknown = await traced(run, 'raed', { path: 'README.md' });
    expect(unknown.steps).toEqual([
      {
        step: 'resolve',
        outcome: 'refused',
        code: 'unknown_tool',
        detail: "There is no tool named 'raed'; did you mean 'read'?",
      },
      { step: 'record', outcome: 'pass' },
    ]);
    const invalid = await traced(run, 'read', { path: 7 });
    expect(invalid.steps.slice(1)).toEqual([
      { step: 'validate', outcome: 'refused', code: 'invalid_arguments', detail: invalid.result.text },
      { step: 'record', outcome: 'pass' },
    ]);
  });

  it('hears a handler that failed, and the third same failure escalated with no one to ask', async () => {
    const { cell } = world();
    const run = cell.run();
    const failed = { step: 'handle', outcome: 'failed', code: 'not_found', detail: 'There is no such file' };
    const first = await traced(run, 'read', { path: 'missing.md' });
    expect(first.steps.slice(4)).toEqual([
      { step: 'context', outcome: 'pass' },
      failed,
      { step: 'record', outcome: 'pass' },
    ]);
    await traced(run, 'read', { path: 'missing.md' });
    const third = await traced(run, 'read', { path: 'missing.md' });
    const reason = 'read failed 3 times in a row with not_found on the same target.';
    expect(third.result.escalated).toBe(true);
    expect(third.steps.slice(4)).toEqual([
      { step: 'context', outcome: 'pass' },
      failed,
      { step: 'escalate', outcome: 'escalated', rule: 'failures', detail: reason },
      { step: 'record', outcome: 'pass' },
    ]);
    expect(cell.auditLog().at(-1)?.cycle).toEqual({ action: 'escalate', rule: 'failures' });
  });

  it('hears an escalation put to a person: asked, then approved, and the agent goes on', async () => {
    const { cell } = world();
    const queue = cell.approvals();
    const run = cell.run({ human: queue });
    await traced(run, 'read', { path: 'missing.md' });
    await traced(run, 'read', { path: 'missing.md' });
    const asked = new Promise<string>((resolve) => queue.onRequest((request) => resolve(request.id)));
    const call = traced(run, 'read', { path: 'missing.md' });
    queue.decide(await asked, { decision: 'approve' });
    const { result, steps } = await call;
    const reason = 'read failed 3 times in a row with not_found on the same target.';
    expect(result.escalated).toBeUndefined();
    expect(steps.slice(6)).toEqual([
      {
        step: 'escalate',
        outcome: 'asked',
        rule: 'failures',
        detail: `${reason} Approve to let the agent go on, deny to stop it.`,
      },
      {
        step: 'escalate',
        outcome: 'approved',
        rule: 'failures',
        detail: 'the user lets the agent go on; the cycle counts start again',
      },
      { step: 'record', outcome: 'pass' },
    ]);
  });

  it('ignores a listener that throws, and refuses one that is not a function', async () => {
    const { cell } = world();
    const run = cell.run();
    let told = 0;
    const result = await run.call(
      'read',
      { path: 'README.md' },
      {
        onStep: () => {
          told++;
          throw new Error('listener broke');
        },
      },
    );
    expect(result).toEqual({ isError: false, text: 'hello from the readme' });
    expect(told).toBe(8);
    const refused = await run.call('read', { path: 'README.md' }, { onStep: 'yes' as never });
    expect(refused).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: 'the call option onStep must be a function',
    });
  });

  it('ignores a listener whose promise rejects: no rejection is left unhandled', async () => {
    const { cell } = world();
    const unhandled: unknown[] = [];
    const hear = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', hear);
    try {
      let told = 0;
      const result = await cell.run().call(
        'read',
        { path: 'README.md' },
        {
          onStep: async () => {
            told++;
            throw new Error('async listener broke');
          },
        },
      );
      expect(result).toEqual({ isError: false, text: 'hello from the readme' });
      expect(told).toBe(8);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', hear);
    }
  });

  it('keeps the audit event as it was when a listener changes the steps it hears', async () => {
    const { cell, work } = world();
    const result = await cell.run().call(
      'read',
      { path: 'README.md' },
      {
        onStep: (step) => {
          try {
            (step.judged as string[] | undefined)?.push('path:/etc/passwd');
          } catch {}
        },
      },
    );
    expect(result).toEqual({ isError: false, text: 'hello from the readme' });
    expect(cell.auditLog().at(-1)?.judged).toEqual([`path:${work}/README.md`]);
  });

  it('hears a call refused for its options (an unknown dialect): validate refused, then record', async () => {
    const { cell } = world();
    const { result, steps } = await traced(cell.run(), 'read', { path: 'README.md' }, { dialect: 'klingon' as never });
    expect(result.code).toBe('invalid_arguments');
    expect(steps).toEqual([
      { step: 'validate', outcome: 'refused', code: 'invalid_arguments', detail: result.text },
      { step: 'record', outcome: 'pass' },
    ]);
    expect(cell.auditLog().at(-1)).toMatchObject({ tool: 'read', outcome: 'invalid_arguments', stage: 'validate' });
  });

  it('hears a handler stopped by its time limit, and one cancelled through the call signal', async () => {
    const { cell } = world();
    cell.tools().register({
      name: 'wait',
      description: 'Waits for ever.',
      parameters: Type.Object({}),
      meta: { readOnly: true, timeoutMs: 30 },
      handler: () => new Promise(() => {}),
    });
    const run = cell.run();
    const timedOut = await traced(run, 'wait', {});
    expect(timedOut.result).toEqual({ isError: true, code: 'timeout', text: 'wait did not finish within 30 ms' });
    expect(timedOut.steps.slice(4)).toEqual([
      { step: 'context', outcome: 'pass' },
      { step: 'handle', outcome: 'failed', code: 'timeout', detail: timedOut.result.text },
      { step: 'record', outcome: 'pass' },
    ]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 5);
    const cancelled = await traced(cell.run(), 'wait', {}, { signal: controller.signal });
    expect(cancelled.result).toEqual({ isError: true, code: 'aborted', text: 'wait was cancelled' });
    expect(cancelled.steps.map(({ step, outcome }) => `${step}:${outcome}`)).toEqual([
      'resolve:pass',
      'validate:pass',
      'govern:pass',
      'cycle:pass',
      'context:pass',
      'handle:failed',
      'record:pass',
    ]);
  });

  it('hears an escalation a person denied: asked, then denied with the reason, and the agent stops', async () => {
    const { cell } = world();
    const queue = cell.approvals();
    const run = cell.run({ human: queue });
    await traced(run, 'read', { path: 'missing.md' });
    await traced(run, 'read', { path: 'missing.md' });
    const asked = new Promise<string>((resolve) => queue.onRequest((request) => resolve(request.id)));
    const call = traced(run, 'read', { path: 'missing.md' });
    queue.decide(await asked, { decision: 'deny', reason: 'enough' });
    const { result, steps } = await call;
    const reason = 'read failed 3 times in a row with not_found on the same target.';
    expect(result.escalated).toBe(true);
    expect(steps.slice(6).map(({ step, outcome, detail }) => ({ step, outcome, detail }))).toEqual([
      { step: 'escalate', outcome: 'asked', detail: `${reason} Approve to let the agent go on, deny to stop it.` },
      { step: 'escalate', outcome: 'denied', detail: `${reason} The user was asked and stopped the work: enough.` },
      { step: 'record', outcome: 'pass', detail: undefined },
    ]);
  });

  it("hears a sub-agent's call as one walk: none of the child run's own steps", async () => {
    const { cell } = world();
    cell.agents().asTool({
      name: 'helper',
      description: 'Reads the readme.',
      client: scriptedClient([
        { text: '', toolCalls: [{ id: 'c1', name: 'read', args: { path: 'README.md' } }] },
        { text: 'It says hello.', toolCalls: [] },
      ]),
    });
    const human = { ask: async () => ({ decision: 'approve' as const }) };
    const { result, steps } = await traced(cell.run({ human }), 'helper', { task: 'read it' });
    expect(result).toMatchObject({ isError: false, text: expect.stringContaining('It says hello.') });
    expect(steps.map(({ step, outcome }) => `${step}:${outcome}`)).toEqual([
      'resolve:pass',
      'validate:pass',
      'govern:pass',
      'cycle:pass',
      'approval:asked',
      'approval:approved',
      'context:pass',
      'handle:pass',
      'shape:pass',
      'record:pass',
    ]);
  });

  it('hears a call cancelled while it waited for a person: asked, then refused as aborted', async () => {
    const { cell } = world();
    const queue = cell.approvals();
    const controller = new AbortController();
    queue.onRequest(() => controller.abort());
    const { result, steps } = await traced(
      cell.run({ human: queue }),
      'exec',
      { command: 'ls' },
      { signal: controller.signal },
    );
    expect(result).toEqual({ isError: true, code: 'aborted', text: 'exec was cancelled while it waited for approval' });
    expect(steps.slice(4)).toEqual([
      {
        step: 'approval',
        outcome: 'asked',
        rule: 'default:action',
        detail: expect.stringContaining('exec running `ls`'),
      },
      { step: 'approval', outcome: 'refused', rule: 'default:action', code: 'aborted', detail: result.text },
      { step: 'record', outcome: 'pass' },
    ]);
    expect(queue.pending()).toEqual([]);
  });
});
