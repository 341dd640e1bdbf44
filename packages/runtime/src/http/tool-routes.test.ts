import { DIALECT_NAMES, exportTools, JSON_SCHEMA_DRAFT } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { createApp } from './create-app.js';
import { fixtureCell, OPEN, postJson } from './http.test.fixture.js';

describe('GET /tools', () => {
  it('lists the cell tools as JSON Schema (draft 2020-12), sorted by name', async () => {
    const { cell } = fixtureCell();
    const response = await createApp(cell, OPEN).request('/tools');
    expect(response.status).toBe(200);
    const tools = (await response.json()) as { name: string }[];
    expect(tools.map((tool) => tool.name)).toEqual(['add', 'delegate', 'look', 'read_note']);
    expect(tools[0]).toEqual({
      name: 'add',
      description: 'Add two numbers.',
      parameters: {
        $schema: JSON_SCHEMA_DRAFT,
        type: 'object',
        properties: { a: { type: 'number', description: 'The first.' }, b: { type: 'number' } },
        required: ['a', 'b'],
        additionalProperties: false,
      },
    });
    expect(tools[3]).toMatchObject({ parameters: { properties: { path: { 'x-wesgine-path': 'read' } } } });
  });

  it('shows a tool registered or unregistered after the app was made', async () => {
    const { cell } = fixtureCell();
    const app = createApp(cell, OPEN);
    cell.tools().unregister('add');
    const tools = (await (await app.request('/tools')).json()) as { name: string }[];
    expect(tools.map((tool) => tool.name)).toEqual(['delegate', 'look', 'read_note']);
  });

  it.each(DIALECT_NAMES)('?dialect=%s serves the provider declarations', async (dialect) => {
    const { cell } = fixtureCell();
    const response = await createApp(cell, OPEN).request(`/tools?dialect=${dialect}`);
    expect(response.status).toBe(200);
    const sorted = cell
      .allTools()
      .map((tool) => tool.definition)
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(await response.json()).toEqual(exportTools(sorted, dialect).map((exported) => exported.declaration));
  });

  it('answers an unknown dialect with 400 naming the valid ones', async () => {
    const { cell } = fixtureCell();
    const response = await createApp(cell, OPEN).request('/tools?dialect=cohere');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 'unknown_dialect',
        message: 'unknown dialect "cohere"; use one of openai-strict, openai, anthropic, gemini, gemini-json, mcp',
      },
    });
  });
});

describe('GET /tools/descriptions', () => {
  it("says first, in a block of its own, when the cell's OS sandbox is off", async () => {
    const { cell } = fixtureCell({ sandbox: 'off' });
    const text = await (await createApp(cell, OPEN).request('/tools/descriptions')).text();
    expect(text.split('\n\n')[0]).toBe(
      "sandbox: off (this cell's programs, exec's commands and the browser, run with the host process's rights, outside the OS sandbox)",
    );
    const { cell: on } = fixtureCell();
    expect(await (await createApp(on, OPEN).request('/tools/descriptions')).text()).not.toContain('sandbox:');
  });

  it('prints one plain-text block per tool in name order', async () => {
    const { cell } = fixtureCell();
    const response = await createApp(cell, OPEN).request('/tools/descriptions');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain;charset=UTF-8');
    expect(await response.text()).toBe(
      [
        'name: add',
        'category: action',
        'description: Add two numbers.',
        'parameters:',
        '  - a (number, required): The first.',
        '  - b (number, required)',
        '',
        'name: delegate',
        'category: action',
        'description: Asks a tool that does not exist.',
        'parameters: none',
        '',
        'name: look',
        'category: exploration',
        'description: Look around.',
        '  Changes nothing.',
        'parameters: none',
        '',
        'name: read_note',
        'category: exploration',
        'description: Read a note.',
        'parameters:',
        '  - path (string, required, a path it reads): The note.',
        '',
      ].join('\n'),
    );
  });
});

describe('POST /tools/:name/call', () => {
  it('answers the ToolResult with 200', async () => {
    const { cell } = fixtureCell();
    const response = await createApp(cell, OPEN).request('/tools/add/call', postJson({ args: { a: 2, b: 3 } }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ isError: false, text: '5', data: { sum: 5 } });
  });

  it('answers a refusal with 200 and the result the model would see', async () => {
    const { cell } = fixtureCell();
    const app = createApp(cell, OPEN);
    const outside = await app.request('/tools/read_note/call', postJson({ args: { path: '/etc/passwd' } }));
    expect(outside.status).toBe(200);
    const refused = await outside.json();
    expect(refused).toMatchObject({ isError: true, code: 'path_not_allowed' });
    expect(refused).toEqual(await cell.run().call('read_note', { path: '/etc/passwd' }));
    const invalid = await app.request('/tools/add/call', postJson({ args: { a: 'two' } }));
    expect(invalid.status).toBe(200);
    expect(await invalid.json()).toMatchObject({ isError: true, code: 'invalid_arguments' });
    const inside = await app.request('/tools/read_note/call', postJson({ args: { path: 'notes.md' } }));
    expect(await inside.json()).toEqual({ isError: false, text: 'hello from the workdir' });
  });

  it('answers an unknown tool with 404 and the close names', async () => {
    const { cell } = fixtureCell();
    const response = await createApp(cell, OPEN).request('/tools/ad/call', postJson({ args: {} }));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'unknown_tool', message: "There is no tool named 'ad'; did you mean 'add', 'read_note'?" },
    });
    expect(cell.auditLog().at(-1)).toMatchObject({ tool: 'ad', outcome: 'unknown_tool', stage: 'resolve' });
  });

  it('answers unknown_tool from inside an existing tool with 200: it is that tool’s result', async () => {
    const { cell } = fixtureCell();
    const response = await createApp(cell, OPEN).request('/tools/delegate/call', postJson({}));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      isError: true,
      code: 'unknown_tool',
      text: "There is no tool named 'ghost'",
    });
  });

  it('takes actor and session from the body, else from the headers', async () => {
    const { cell } = fixtureCell();
    const app = createApp(cell, OPEN);
    const headers = { 'x-wesgine-actor': 'header-actor', 'x-wesgine-session': 'header-session' };
    await app.request('/tools/add/call', postJson({ args: { a: 1, b: 1 } }, headers));
    expect(cell.auditLog().at(-1)).toMatchObject({ actor: 'header-actor', sessionId: 'header-session' });
    await app.request('/tools/add/call', postJson({ args: { a: 1, b: 2 }, actor: 'ann', sessionId: 's1' }, headers));
    expect(cell.auditLog().at(-1)).toMatchObject({ actor: 'ann', sessionId: 's1' });
    await app.request('/tools/add/call', postJson({ args: { a: 1, b: 3 } }));
    expect(cell.auditLog().at(-1)).toMatchObject({ actor: undefined, sessionId: undefined });
  });

  it("keeps one run per (actor, session): a session's repeats reach one CycleDetector", async () => {
    const { cell } = fixtureCell();
    const app = createApp(cell, OPEN);
    const call = (sessionId: string) => app.request('/tools/add/call', postJson({ args: { a: 1, b: 1 }, sessionId }));
    const texts: unknown[] = [];
    for (let index = 0; index < 3; index++) texts.push(await (await call('s1')).json());
    expect(texts[2]).toMatchObject({ isError: true, code: 'cycle_blocked' });
    expect(await (await call('s2')).json()).toEqual({ isError: false, text: '2', data: { sum: 2 } });
    const runs = new Set(cell.auditLog().map((event) => event.runId));
    expect(runs.size).toBe(2);
  });

  it.each([
    [{ args: [] }, "'args' must be a JSON object of the tool's arguments"],
    [{ args: null }, "'args' must be a JSON object of the tool's arguments"],
    [
      { a: 1 },
      "unknown field 'a' in the body; it takes args, actor and sessionId (the tool's arguments go under args)",
    ],
    [{ actor: 7 }, "'actor' must be a non-empty string"],
    [{ sessionId: '' }, "'sessionId' must be a non-empty string"],
  ])('answers the body %j with 400', async (body, message) => {
    const { cell } = fixtureCell();
    const response = await createApp(cell, OPEN).request('/tools/add/call', postJson(body));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'invalid_body', message } });
  });

  it('answers 503 once the cell is stopped', async () => {
    const { cell } = fixtureCell();
    const app = createApp(cell, OPEN);
    await cell.stop();
    const response = await app.request('/tools/add/call', postJson({ args: { a: 1, b: 1 } }));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: { code: 'unavailable', message: 'the cell is stopped; it takes no more calls' },
    });
  });
});
