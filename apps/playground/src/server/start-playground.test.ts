import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOPING_ANSWER } from './looping-agent.js';
import { type RunningPlayground, startPlayground } from './start-playground.js';

const parent = mkdtempSync(join(tmpdir(), 'wesgine-start-playground-'));
const dataDir = join(parent, 'data');
let playground: RunningPlayground;
let owner: Record<string, string>;

beforeAll(async () => {
  playground = await startPlayground({ dataDir, port: 0 });
  owner = { authorization: `Bearer ${playground.token}`, 'content-type': 'application/json' };
});

afterAll(async () => {
  await playground.close();
  rmSync(parent, { recursive: true, force: true });
});

type Result = { isError: boolean; code?: string; text: string; data?: unknown };

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${playground.url}${path}`, { method: 'POST', headers: owner, body: JSON.stringify(body) });
}

/** Calls a tool over HTTP; when it waits for a person, approves it once and waits for the result. */
async function call(name: string, args: unknown, sessionId: string): Promise<Result> {
  const response = await post(`/tools/${name}/call`, { args, sessionId });
  if (response.status === 200) return (await response.json()) as Result;
  expect(response.status).toBe(202);
  const waiting = (await response.json()) as { callId: string; approval: { id: string } };
  expect((await post(`/approvals/${waiting.approval.id}`, { decision: 'approve' })).status).toBe(200);
  const ended = await fetch(`${playground.url}/calls/${waiting.callId}?wait=30`, { headers: owner });
  expect(ended.status).toBe(200);
  return (await ended.json()) as Result;
}

describe('startPlayground', () => {
  it('prints an address with the token in its fragment, on loopback', () => {
    expect(playground.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(playground.pageUrl).toBe(`${playground.url}/#token=${playground.token}`);
    expect(playground.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(playground.dataDir).toBe(dataDir);
    expect(playground.madeWorkspace).toBe(true);
    expect(playground.workDir).toBe(join(dataDir, 'workspace'));
    expect(playground.warnings).toEqual([]);
  });

  it('has a tool of every source: built-in, pack, SDK, plugin, sub-agent', async () => {
    const listed = (await (await fetch(`${playground.url}/tools`, { headers: owner })).json()) as { name: string }[];
    const names = listed.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(['read', 'exec', 'memory', 'notes.read', 'slow_count', 'word_count', 'looping_agent']),
    );
    const { cell } = playground;
    expect(cell.engineTool('read')?.provenance).toMatch(/^@wesgine\/builtins@/);
    expect(cell.engineTool('notes.read')?.provenance).toMatch(/^@wesgine\/example-pack@/);
    expect(cell.cellTool('slow_count')?.source).toBe('sdk');
    expect(cell.cellTool('word_count')).toMatchObject({ source: 'plugin', sourceId: 'plugin:demo' });
    expect(cell.cellTool('looping_agent')?.source).toBe('agent');
    expect(cell.plugins().list()).toMatchObject([{ name: 'demo', state: 'ready', tools: ['word_count'] }]);
  });

  it('runs the demo plugin inside the OS sandbox', async () => {
    expect(await call('word_count', { text: 'one two\nthree' }, 'plugin')).toEqual({
      isError: false,
      text: '3 words, 2 lines, 13 characters',
      data: { words: 3, lines: 2, characters: 13 },
    });
    expect(playground.cell.plugins().list()[0]?.sandboxed).toBe(true);
  });

  it('governs with the default zone: the sample .env is closed, reading the rest is allowed', async () => {
    expect(await call('read', { path: '.env' }, 'zone')).toEqual({
      isError: true,
      code: 'zone_denied',
      text: "Not allowed by zone 'wesgine/default': files that usually hold secrets are closed to agents",
    });
    const readme = await call('read', { path: 'README.md' }, 'zone');
    expect(readme.isError).toBe(false);
    expect(readme.text).toContain('# Sample workspace');
  });

  it('gives every session its own session_note, a per-run tool', async () => {
    expect((await call('session_note', { text: 'first' }, 'notes-a')).text).toBe(
      'Noted; session notes-a keeps 1 note:\n1. first',
    );
    expect((await call('session_note', { text: 'second' }, 'notes-a')).text).toBe(
      'Noted; session notes-a keeps 2 notes:\n1. first\n2. second',
    );
    expect((await call('session_note', { text: 'other' }, 'notes-b')).text).toBe(
      'Noted; session notes-b keeps 1 note:\n1. other',
    );
  });

  it('counts slowly, and the looping agent answers once its escalation is approved', async () => {
    expect((await call('slow_count', { to: 2, delayMs: 0 }, 'slow')).text).toBe('counted to 2');
    const started = await post('/tools/looping_agent/call', { args: { task: 'Tidy the notes' }, sessionId: 'loop' });
    expect(started.status).toBe(202);
    const waiting = (await started.json()) as { callId: string; approval: { id: string; tool: string } };
    expect(waiting.approval.tool).toBe('read');
    const pending = (await (await fetch(`${playground.url}/approvals`, { headers: owner })).json()) as unknown[];
    expect(pending).toMatchObject([{ stage: 'cycle', rule: 'failures', agentId: 'looping_agent' }]);
    expect((await post(`/approvals/${waiting.approval.id}`, { decision: 'approve' })).status).toBe(200);
    const ended = await fetch(`${playground.url}/calls/${waiting.callId}?wait=30`, { headers: owner });
    expect(((await ended.json()) as Result).text).toBe(LOOPING_ANSWER);
    // Both of its runs (the helper's, then its own) still show their CycleDetector once it is done.
    const runs = [
      ...new Set(
        playground.cell
          .auditLog()
          .filter((event) => event.agentId === 'looping_agent' && event.sessionId === 'loop')
          .map((event) => event.runId),
      ),
    ];
    const verdicts: string[][] = [];
    for (const runId of runs) {
      const cycle = await fetch(`${playground.url}/runs/${runId}/cycle`, { headers: owner });
      expect(cycle.status).toBe(200);
      const body = (await cycle.json()) as { agentId: string; verdicts: { action: string; rule: string }[] };
      expect(body.agentId).toBe('looping_agent');
      verdicts.push(body.verdicts.map((verdict) => `${verdict.action} ${verdict.rule}`));
    }
    expect(verdicts).toEqual([
      ['warn repeat', 'warn repeat', 'block repeat'],
      ['warn repeat', 'escalate failures'],
    ]);
  });

  it('starts again on the same data folder with the same token and workspace', async () => {
    const second = await startPlayground({ dataDir, port: 0 });
    try {
      expect(second.token).toBe(playground.token);
      expect(second.madeWorkspace).toBe(false);
      expect(second.url).not.toBe(playground.url);
    } finally {
      await second.close();
    }
  });

  it('refuses bad options with a sentence, and makes nothing then', async () => {
    const elsewhere = join(parent, 'never');
    await expect(startPlayground({ dataDir: '' })).rejects.toThrow('the playground needs a data folder (dataDir)');
    await expect(startPlayground({ dataDir: elsewhere, port: 70_000 })).rejects.toThrow(
      'the port must be a whole number from 0 to 65535, not 70000',
    );
    await expect(startPlayground({ dataDir: elsewhere, port: 1.5 })).rejects.toThrow(
      'the port must be a whole number from 0 to 65535, not 1.5',
    );
    expect(existsSync(elsewhere)).toBe(false);
  });

  it('says to build the page when its folder holds none', async () => {
    const unbuilt = join(parent, 'unbuilt');
    await expect(startPlayground({ dataDir: join(parent, 'other'), port: 0, pageRoot: unbuilt })).rejects.toThrow(
      `page.root ${JSON.stringify(unbuilt)} holds no index.html; build the page first (the folder is Vite's output)`,
    );
  });
});
