import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtins } from '@wesgine/builtins';
import {
  type ApprovalDecision,
  type ApprovalRequest,
  type AuditEvent,
  type Cell,
  createEngine,
  DEFAULT_ZONE_FILE,
  type ModelRequest,
} from '@wesgine/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import {
  HELPER_TASK,
  LOOPING_ANSWER,
  loopingAgentConfig,
  loopingClient,
  MISSING_FILE,
  TODO_FILE,
} from './looping-agent.js';
import { ensureSampleWorkspace } from './sample-workspace.js';

let cell: Cell | undefined;
const folders: string[] = [];
afterEach(async () => {
  await cell?.stop();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The playground's cell in small: the built-ins, the default zone, the looping agent, a recorded client. */
function loopingCell() {
  const parent = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-looping-agent-')));
  folders.push(parent);
  const workDir = join(parent, 'workspace');
  ensureSampleWorkspace(workDir);
  cell = createEngine({ tools: builtins }).createCell({
    workDir,
    dataDir: join(parent, 'data'),
    zone: DEFAULT_ZONE_FILE,
    extraCategories: { looping_agent: 'exploration' },
  });
  const requests: ModelRequest[] = [];
  const scripted = loopingClient();
  cell.agents().asTool({
    ...loopingAgentConfig(),
    // Copied as it arrives: the loop keeps adding to the conversation it passes.
    client: {
      complete: (request) => {
        requests.push({ ...request, messages: [...request.messages] });
        return scripted.complete(request);
      },
    },
  });
  const audit: AuditEvent[] = [];
  cell.onAudit((event) => audit.push(event));
  const queue = cell.approvals();
  return { cell, queue, requests, audit, run: cell.run({ sessionId: 'loops', human: queue }) };
}

/** Answers the first approval request with `decision` once it arrives; resolves with the request. */
function answerFirst(cell: Cell, decision: ApprovalDecision) {
  return new Promise<ApprovalRequest>((resolve) => {
    const stop = cell.approvals().onRequest((request) => {
      stop();
      cell.approvals().decide(request.id, decision);
      resolve(request);
    });
  });
}

describe('looping_agent', () => {
  it('loops as scripted: warned twice, blocked, then its failures escalate; approved, it answers', async () => {
    const { cell, requests, audit, run } = loopingCell();
    const asked = answerFirst(cell, { decision: 'approve' });
    const result = await run.call('looping_agent', { task: 'Tidy the notes' });
    expect(result).toMatchObject({ isError: false, text: LOOPING_ANSWER, data: { stopped: 'done', turns: 5 } });

    // Every call below the page's own carries the agent's id; the helper's in one run, the agent's in another.
    const inside = audit.filter((event) => event.agentId === 'looping_agent');
    expect(inside.map((event) => [event.tool, event.outcome, event.stage, event.rule])).toEqual([
      ['read', 'ok', undefined, undefined],
      ['read', 'ok', undefined, undefined],
      ['read', 'ok', undefined, undefined],
      ['read', 'ok', undefined, undefined],
      ['read', 'cycle_blocked', 'cycle', 'repeat'],
      ['looping_agent', 'ok', undefined, undefined],
      ['read', 'file_not_found', 'handle', undefined],
      ['read', 'file_not_found', 'handle', undefined],
      ['read', 'file_not_found', 'handle', undefined],
    ]);
    // What the CycleDetector said of each: warned at the 3rd and 4th read, blocked at the 5th; the agent's
    // third failed read is a repeat too, and its failures escalate.
    expect(inside.map((event) => event.cycle)).toEqual([
      undefined,
      undefined,
      { action: 'warn', rule: 'repeat' },
      { action: 'warn', rule: 'repeat' },
      { action: 'block', rule: 'repeat' },
      undefined,
      undefined,
      undefined,
      { action: 'escalate', rule: 'failures' },
    ]);
    const helperRun = inside[0]?.runId;
    const agentRun = inside[5]?.runId;
    expect(inside.slice(0, 5).every((event) => event.runId === helperRun)).toBe(true);
    expect(inside.slice(5).every((event) => event.runId === agentRun)).toBe(true);
    expect(helperRun).not.toBe(agentRun);
    expect(result.data).toMatchObject({ runId: agentRun });

    // The helper read the list five times and was told at the 3rd and 4th that it repeats itself.
    const helper = requests.filter((request) =>
      request.messages.some((m) => m.role === 'user' && m.content === HELPER_TASK),
    );
    expect(helper).toHaveLength(5);
    const toolAnswers = helper.at(-1)?.messages.filter((message) => message.role === 'tool') ?? [];
    expect(toolAnswers.map((message) => message.content.includes('called with the same arguments'))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(helper.flatMap((request) => request.tools.map((tool) => tool.name))).not.toContain('looping_agent');

    // The escalation, asked of a person through the approval queue: the first and only question (the
    // agent itself is exploration by the cell's map, so the zone let it start without asking).
    expect(await asked).toMatchObject({
      tool: 'read',
      args: { path: MISSING_FILE },
      stage: 'cycle',
      rule: 'failures',
      agentId: 'looping_agent',
      sessionId: 'loops',
      runId: agentRun,
      question:
        'read failed 3 times in a row with file_not_found on the same target. Approve to let the agent go on, deny to stop it.',
    });
  });

  it('stops at the escalation when the person denies it, with their reason', async () => {
    const { cell, run } = loopingCell();
    void answerFirst(cell, { decision: 'deny', reason: 'enough for today' });
    const result = await run.call('looping_agent', { task: 'Tidy the notes' });
    expect(result.isError).toBe(false);
    expect(result.data).toMatchObject({ stopped: 'escalated', turns: 4 });
    expect(result.text.split('\n')[0]).toBe(
      'The sub-agent looping_agent was stopped because the same call kept failing (after 4 turns).',
    );
    expect(result.text.endsWith('The user was asked and stopped the work: enough for today.')).toBe(true);
  });

  it('starts its script afresh for every task', async () => {
    const { cell, audit, run } = loopingCell();
    for (const round of [1, 2]) {
      const asked = answerFirst(cell, { decision: 'approve' });
      const result = await run.call('looping_agent', { task: `Round ${round}` });
      expect(result.text).toBe(LOOPING_ANSWER);
      await asked;
    }
    const reads = audit.filter((event) => event.agentId === 'looping_agent' && event.tool === 'read');
    expect(reads.map((event) => event.outcome)).toEqual(
      Array.from({ length: 2 }, () => [
        ...Array.from({ length: 4 }, () => 'ok'),
        'cycle_blocked',
        ...Array.from({ length: 3 }, () => 'file_not_found'),
      ]).flat(),
    );
  });

  it('is a sub-agent by its source, reading only', () => {
    const { cell } = loopingCell();
    expect(cell.cellTool('looping_agent')?.source).toBe('agent');
    expect(loopingAgentConfig().tools).toEqual(['read', 'looping_agent']);
    expect(TODO_FILE).not.toBe(MISSING_FILE);
  });
});
