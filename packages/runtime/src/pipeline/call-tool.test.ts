import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineTool, Path, ToolError, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { CycleDetector } from '../cycle/cycle-detector.js';
import { CellEvents } from '../engine/cell-events.js';
import { SessionStates } from '../engine/session-states.js';
import { prepareRoots } from '../governance/sandbox-path.js';
import { type AnyHandler, type RegisteredTool, registerTool } from '../registry/registered-tool.js';
import { CellSandbox } from '../sandbox/cell-sandbox.js';
import { resolveSandbox } from '../sandbox/sandbox-settings.js';
import type { AuditEvent } from './audit-event.js';
import type { CallScope } from './call-scope.js';
import { callTool } from './call-tool.js';

const read = defineTool({
  name: 'read',
  description: 'Read a file.',
  parameters: Type.Object({ path: Path({ access: 'read' }) }),
  meta: { readOnly: true },
});
const touch = defineTool({
  name: 'touch',
  description: 'Touch a file.',
  parameters: Type.Object({ path: Path({ access: 'write' }) }),
});
const run = defineTool({
  name: 'run',
  description: 'Run something.',
  parameters: Type.Object({ mode: Type.String() }),
  meta: { timeoutMs: 50, outputBudget: 400 },
});

interface Harness {
  readonly scope: CallScope;
  readonly work: string;
  readonly events: AuditEvent[];
  readonly calls: unknown[];
  readonly abort: AbortController;
}

function harness(handlers: Partial<Record<'read' | 'touch' | 'run', AnyHandler>> = {}): Harness {
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-call-')));
  writeFileSync(join(work, 'a.md'), 'hello');
  const calls: unknown[] = [];
  const events: AuditEvent[] = [];
  const spilled: string[] = [];
  const track =
    (handler: AnyHandler | undefined): AnyHandler =>
    (args, context) => {
      calls.push(args);
      return handler === undefined
        ? `resolved ${[...context.resolvedPaths.values()].join(',')}`
        : handler(args, context);
    };
  const tools = new Map<string, RegisteredTool>(
    [read, touch, run].map((tool) => [
      tool.name,
      registerTool(tool, track(handlers[tool.name as 'read' | 'touch' | 'run']), 'sdk', 'test'),
    ]),
  );
  const abort = new AbortController();
  const scope: CallScope = {
    lookup: (name) => tools.get(name),
    visibleNames: () => tools.keys(),
    categoryOf: (tool) => (tool.definition.meta.readOnly === true ? 'exploration' : 'action'),
    progressAwareOf: () => false,
    roots: { workDir: work, allowPaths: [], denyPaths: [] },
    preparedRoots: prepareRoots({ workDir: work, allowPaths: [], denyPaths: [] }),
    detector: new CycleDetector(),
    zone: undefined,
    policy: undefined,
    human: undefined,
    sticky: new Set(),
    network: {},
    ids: { cellId: 'c', runId: 'r', sessionId: undefined, agentId: undefined, actor: 'tester' },
    signal: abort.signal,
    events: new CellEvents(),
    defaults: { timeoutMs: 1000, outputBudget: 10_000 },
    spill: (text) => {
      spilled.push(text);
      return join(work, `spill-${spilled.length}.txt`);
    },
    audit: (event) => events.push(event),
    services: {
      dataDir: work,
      session: new SessionStates().session('r'),
      human: undefined,
      agents: undefined,
      sandbox: new CellSandbox(resolveSandbox(undefined, work)),
    },
  };
  return { scope, work, events, calls, abort };
}

describe('callTool', () => {
  it('runs a valid call with its paths resolved, and records it', async () => {
    const { scope, work, events } = harness();
    expect(await callTool(scope, 'read', { path: 'a.md' })).toEqual({
      isError: false,
      text: `resolved ${join(work, 'a.md')}`,
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      tool: 'read',
      outcome: 'ok',
      source: 'sdk',
      provenance: 'test',
      actor: 'tester',
      stage: undefined,
    });
  });

  it('refuses an unknown name and lists close ones', async () => {
    const { scope, events } = harness();
    expect(await callTool(scope, 'raed', {})).toEqual({
      isError: true,
      code: 'unknown_tool',
      text: "There is no tool named 'raed'; did you mean 'read'?",
    });
    expect(events[0]).toMatchObject({ outcome: 'unknown_tool', stage: 'resolve', source: undefined });
  });

  it('refuses bad arguments with every issue, and never runs the handler', async () => {
    const { scope, calls } = harness();
    expect(await callTool(scope, 'read', { path: 7, extra: true })).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: 'The arguments for `read` are not valid (2 problems):\n- /extra: unknown key "extra"; the keys allowed here are "path"\n- /path: must be a string, got 7 (a number)',
    });
    expect(calls).toEqual([]);
  });

  it('refuses a path outside the work folder (Sandbox) and one in /proc (Hardline) before the handler', async () => {
    const { scope, work, calls, events } = harness();
    expect(await callTool(scope, 'touch', { path: '../x.md' })).toEqual({
      isError: true,
      code: 'path_not_allowed',
      text: `Not allowed: ../x.md is outside the allowed folders (${work}).`,
    });
    expect(await callTool(scope, 'read', { path: '/proc/self/environ' })).toEqual({
      isError: true,
      code: 'hardline_denied',
      text: 'Not allowed: /proc/self/environ is off limits: the /proc, /sys and /dev pseudo-filesystems are never readable or writable by tools.',
    });
    expect(calls).toEqual([]);
    expect(events.map((event) => [event.stage, event.rule])).toEqual([
      ['sandbox', undefined],
      ['hardline', 'pseudo-filesystem'],
    ]);
  });

  it('warns in the result, then blocks a repeated action without running it', async () => {
    const { scope, calls } = harness();
    const first = await callTool(scope, 'touch', { path: 'b.md' });
    const second = await callTool(scope, 'touch', { path: 'b.md' });
    const third = await callTool(scope, 'touch', { path: 'b.md' });
    expect(first.isError).toBe(false);
    expect(second.text).toMatch(/\n\nNote: touch was called with the same arguments 2 times in a row\./);
    expect(third).toEqual({
      isError: true,
      code: 'cycle_blocked',
      text: 'Not run: touch was called with the same arguments 3 times in a row. The result will not change; try another approach.',
    });
    expect(calls).toHaveLength(2);
  });

  it('turns a ToolError into its code and anything else into handler_failed', async () => {
    const failing = harness({
      run: (args) => {
        if ((args as { mode: string }).mode === 'known') throw new ToolError('not_found', 'no such thing');
        throw new TypeError('boom');
      },
    });
    expect(await callTool(failing.scope, 'run', { mode: 'known' })).toEqual({
      isError: true,
      code: 'not_found',
      text: 'no such thing',
    });
    expect(await callTool(failing.scope, 'run', { mode: 'other' })).toEqual({
      isError: true,
      code: 'handler_failed',
      text: 'boom',
    });
  });

  it('stops a handler that runs past its time limit, and tells it through its signal', async () => {
    let sawAbort = false;
    const { scope } = harness({
      run: (_args, context) =>
        new Promise(() => {
          context.signal.addEventListener('abort', () => {
            sawAbort = true;
          });
        }),
    });
    expect(await callTool(scope, 'run', { mode: 'hang' })).toEqual({
      isError: true,
      code: 'timeout',
      text: 'run did not finish within 50 ms',
    });
    expect(sawAbort).toBe(true);
  });

  it('ends a call when the run is cancelled', async () => {
    const { scope, abort } = harness({ run: () => new Promise(() => {}) });
    const pending = callTool(scope, 'run', { mode: 'wait' });
    abort.abort();
    expect(await pending).toEqual({ isError: true, code: 'aborted', text: 'run was cancelled' });
  });

  it('cuts output over the budget and spills the whole of it', async () => {
    const { scope, work } = harness({ run: () => 'x'.repeat(5000) });
    const result = await callTool(scope, 'run', { mode: 'big' });
    expect(result.spilledTo).toBe(join(work, 'spill-1.txt'));
    expect(result.text.length).toBeLessThanOrEqual(400);
    expect(result.text).toContain(`the whole output is in ${join(work, 'spill-1.txt')}`);
  });

  it('says so when a handler returns something that is not a result', async () => {
    const { scope } = harness({ run: () => 42 });
    expect(await callTool(scope, 'run', { mode: 'odd' })).toEqual({
      isError: true,
      code: 'handler_failed',
      text: 'run returned a number without text; a handler returns a string or { text, data }.',
    });
  });
});
