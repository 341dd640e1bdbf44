import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtins } from '@wesgine/builtins';
import { type Cell, createEngine, type QuestionRequest } from '@wesgine/runtime';
import { type HttpServer, serve } from '@wesgine/runtime/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The built-in tools behind the HTTP API on a real loopback socket: what a client of `serve` sees.

describe('the built-in tools over HTTP', () => {
  let cell: Cell;
  let server: HttpServer;
  let work: string;
  let owner: Record<string, string>;

  beforeAll(async () => {
    work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-builtins-http-')));
    writeFileSync(join(work, 'config.txt'), 'port = 80\n');
    cell = createEngine({ tools: builtins }).createCell({ workDir: work });
    server = await serve(cell, { port: 0 });
    owner = { authorization: `Bearer ${server.token}` };
  });

  afterAll(async () => {
    await server.close();
    await cell.stop();
  });

  const call = async (name: string, args: unknown, sessionId?: string) => {
    const response = await fetch(`${server.url}/tools/${name}/call`, {
      method: 'POST',
      headers: { ...owner, 'content-type': 'application/json' },
      body: JSON.stringify({ args, ...(sessionId === undefined ? {} : { sessionId }) }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { isError: boolean; code?: string; text: string; data?: unknown };
  };

  it('lists the built-ins by their own names, not their aliases', async () => {
    const listed = (await (await fetch(`${server.url}/tools`, { headers: owner })).json()) as { name: string }[];
    const names = listed.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['read', 'write', 'edit', 'apply_patch', 'exec', 'grep', 'glob']));
    expect(names).not.toContain('search_files');
    expect(names).not.toContain('find_files');
  });

  it('keeps one read ledger per session: the session that read may edit, another may not', async () => {
    expect((await call('read', { path: 'config.txt' }, 'alice')).text).toBe('     1\tport = 80');
    const edit = { path: 'config.txt', old_string: 'port = 80', new_string: 'port = 8080' };
    expect(await call('edit', edit, 'bob')).toMatchObject({ isError: true, code: 'not_read' });
    expect(await call('edit', edit, 'alice')).toMatchObject({ isError: false });
    expect(readFileSync(join(work, 'config.txt'), 'utf8')).toBe('port = 8080\n');
    const state = (await (await fetch(`${server.url}/sessions/alice/state`, { headers: owner })).json()) as Record<
      string,
      unknown
    >;
    expect(Object.keys(state)).toEqual(['read.ledger']);
  });

  it('answers ask_user with 202 and where to answer; the answer is at GET /calls/:id', async () => {
    const response = await fetch(`${server.url}/tools/ask_user/call`, {
      method: 'POST',
      headers: { ...owner, 'content-type': 'application/json' },
      body: JSON.stringify({
        args: { questions: [{ question: 'Deploy now?', options: [{ label: 'yes' }, { label: 'no' }] }] },
      }),
    });
    expect(response.status).toBe(202);
    const waiting = (await response.json()) as {
      callId: string;
      question: { id: string; answer: string };
      result: string;
    };
    const pending = (await (await fetch(`${server.url}/questions`, { headers: owner })).json()) as QuestionRequest[];
    expect(pending[0]).toMatchObject({
      id: waiting.question.id,
      tool: 'ask_user',
      questions: [{ question: 'Deploy now?' }],
    });
    expect(waiting.question.answer).toBe(`POST /questions/${waiting.question.id}`);
    const posted = await fetch(`${server.url}/questions/${waiting.question.id}`, {
      method: 'POST',
      headers: { ...owner, 'content-type': 'application/json' },
      body: JSON.stringify({ answers: [['no']] }),
    });
    expect(posted.status).toBe(200);
    expect(waiting.result).toBe(`GET /calls/${waiting.callId}`);
    const result = await fetch(`${server.url}/calls/${waiting.callId}?wait=30`, { headers: owner });
    expect(result.status).toBe(200);
    expect(((await result.json()) as { text: string }).text).toBe('The user answered:\n1. Deploy now?\n   Answer: no');
  });

  it('calls a tool by its alias', async () => {
    writeFileSync(join(work, 'hello.md'), 'hello\n');
    const found = await call('find_files', { pattern: '*.md' });
    expect(found.text).toBe('Found 1 file matching "*.md" in the work folder (newest first):\nhello.md');
  });

  it('shows the session’s plan through /sessions/:id/state', async () => {
    const plan = [
      { step: 'Read the config', status: 'completed' },
      { step: 'Change the port', status: 'in_progress' },
    ];
    expect(await call('plan', { plan }, 'planner')).toMatchObject({ isError: false });
    const state = (await (await fetch(`${server.url}/sessions/planner/state`, { headers: owner })).json()) as {
      plan: { steps: unknown };
    };
    expect(state.plan.steps).toEqual(plan);
  });
});
