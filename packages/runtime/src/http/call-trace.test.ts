import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, Path, Type } from '@wesgine/schema';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cell } from '../engine/cell.js';
import { createEngine } from '../engine/create-engine.js';
import { DEFAULT_ZONE_FILE } from '../zone/default-zone.js';
import { type HttpServer, serve } from './serve.js';

// `trace: true` on POST /tools/:name/call: the result and the steps of its walk, at once or, for a
// call that waited for a person, at GET /calls/:id. A real server on loopback, real fetches.

const TOKEN = 'owner-token-trace';

const opened: { server: HttpServer; cell: Cell }[] = [];
afterEach(async () => {
  for (const { server, cell } of opened.splice(0)) {
    await server.close();
    await cell.stop();
  }
});

async function world() {
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-http-trace-')));
  writeFileSync(join(work, 'README.md'), 'hello over http');
  writeFileSync(join(work, '.env'), 'TOKEN=not-a-real-secret');
  const cell = createEngine().createCell({ workDir: work, zone: DEFAULT_ZONE_FILE });
  cell.tools().register({
    name: 'read',
    description: 'Reads a file.',
    parameters: Type.Object({ path: Path({ access: 'read' }) }),
    meta: { readOnly: true },
    handler: (_args, context) => readFileSync(context.resolvedPaths.get('/path') ?? '', 'utf8'),
  });
  cell.tools().register({
    name: 'exec',
    description: 'Runs a command.',
    parameters: Type.Object({ command: Command() }),
    handler: ({ command }) => `ran ${command}`,
  });
  const server = await serve(cell, { token: TOKEN });
  opened.push({ server, cell });
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { cell, work, send, source: `cell ${cell.id}` };
}

const ms = expect.any(Number);

describe('POST /tools/:name/call with trace', () => {
  it('answers the result with every step of the walk', async () => {
    const { work, send, source } = await world();
    const answer = await send('POST', '/tools/read/call', { args: { path: 'README.md' }, trace: true });
    expect(answer).toEqual({
      status: 200,
      body: {
        isError: false,
        text: 'hello over http',
        trace: [
          { step: 'resolve', outcome: 'pass', ms, detail: `read from ${source}, source sdk` },
          { step: 'validate', outcome: 'pass', ms },
          {
            step: 'govern',
            outcome: 'pass',
            ms,
            decidedBy: 'zone',
            rule: 'default:exploration',
            judged: [`path:${work}/README.md`],
          },
          { step: 'cycle', outcome: 'pass', ms },
          { step: 'context', outcome: 'pass', ms },
          { step: 'handle', outcome: 'pass', ms },
          { step: 'shape', outcome: 'pass', ms },
          { step: 'record', outcome: 'pass', ms },
        ],
      },
    });
  });

  it('shows a zone denial in the trace with its rule and the real path', async () => {
    const { work, send } = await world();
    const answer = await send('POST', '/tools/read/call', { args: { path: '.env' }, trace: true });
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe('zone_denied');
    expect((answer.body.trace as unknown[]).slice(2)).toEqual([
      {
        step: 'govern',
        outcome: 'refused',
        ms,
        decidedBy: 'zone',
        rule: 'no-secrets',
        code: 'zone_denied',
        detail: "Not allowed by zone 'wesgine/default': files that usually hold secrets are closed to agents",
        judged: [`path:${work}/.env`],
      },
      { step: 'cycle', outcome: 'pass', ms },
      { step: 'record', outcome: 'pass', ms },
    ]);
  });

  it('answers no trace unless asked, and refuses a trace that is not true or false', async () => {
    const { send } = await world();
    expect(await send('POST', '/tools/read/call', { args: { path: 'README.md' } })).toEqual({
      status: 200,
      body: { isError: false, text: 'hello over http' },
    });
    expect(await send('POST', '/tools/read/call', { args: { path: 'README.md' }, trace: false })).toEqual({
      status: 200,
      body: { isError: false, text: 'hello over http' },
    });
    for (const trace of ['yes', null, 1, {}]) {
      expect(await send('POST', '/tools/read/call', { args: { path: 'README.md' }, trace })).toEqual({
        status: 400,
        body: { error: { code: 'invalid_body', message: "'trace' must be true or false" } },
      });
    }
  });

  it('keeps the trace of a call that waited for approval for GET /calls/:id, the approval steps in it', async () => {
    const { cell, send } = await world();
    const waiting = await send('POST', '/tools/exec/call', { args: { command: 'ls -la' }, trace: true });
    expect(waiting.status).toBe(202);
    expect(waiting.body.trace).toBeUndefined();
    const [pending] = cell.approvals().pending();
    expect((await send('POST', `/approvals/${pending?.id}`, { decision: 'approve' })).status).toBe(200);
    const question = 'no rule covers exec running `ls -la`; action calls need approval by default';
    const ended = await send('GET', `/calls/${waiting.body.callId}?wait=10`);
    expect(ended.status).toBe(200);
    expect(ended.body.text).toBe('ran ls -la');
    expect(ended.body.trace).toEqual([
      { step: 'resolve', outcome: 'pass', ms, detail: `exec from cell ${cell.id}, source sdk` },
      { step: 'validate', outcome: 'pass', ms },
      {
        step: 'govern',
        outcome: 'pass',
        ms,
        decidedBy: 'zone',
        rule: 'default:action',
        detail: `asks a person: ${question}`,
        judged: ['argv:["ls","-la"]'],
      },
      { step: 'cycle', outcome: 'pass', ms },
      { step: 'approval', outcome: 'asked', ms, rule: 'default:action', detail: question },
      { step: 'approval', outcome: 'approved', ms, rule: 'default:action', detail: 'approved once' },
      { step: 'context', outcome: 'pass', ms },
      { step: 'handle', outcome: 'pass', ms },
      { step: 'shape', outcome: 'pass', ms },
      { step: 'record', outcome: 'pass', ms },
    ]);
    // Read again, the same body.
    expect((await send('GET', `/calls/${waiting.body.callId}`)).body).toEqual(ended.body);
  });
});
