import { DIALECT_NAMES, exportTools, JSON_SCHEMA_DRAFT, ToolError, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { createApp } from './create-app.js';
import { fixtureCell, OPEN, postJson } from './http.test.fixture.js';

// A tool whose provider forms differ from its own: a dotted name, optional fields, a number enum.
const notesRead = {
  name: 'notes.read',
  description: 'Read a note.',
  parameters: Type.Object({
    path: Type.String(),
    from: Type.Optional(Type.Integer({ minimum: 1 })),
    width: Type.Optional(Type.Union([Type.Literal(40), Type.Literal(80)])),
  }),
};

function notesCell() {
  const { cell } = fixtureCell();
  const seen: unknown[] = [];
  cell.tools().register({
    ...notesRead,
    handler: (args) => {
      seen.push(args);
      return 'read';
    },
  });
  return { cell, seen, app: createApp(cell, OPEN) };
}

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

  it.each(DIALECT_NAMES)('?dialect=%s serves each provider declaration beside its tool', async (dialect) => {
    const { cell } = fixtureCell();
    cell.tools().register({ ...notesRead, handler: () => 'read' });
    const response = await createApp(cell, OPEN).request(`/tools?dialect=${dialect}`);
    expect(response.status).toBe(200);
    const sorted = cell
      .allTools()
      .map((tool) => tool.definition)
      .sort((a, b) => (a.name < b.name ? -1 : 1));
    const listed = (await response.json()) as { tool: string; name: string; declaration: unknown }[];
    expect(listed).toEqual(
      exportTools(sorted, dialect).map((exported) => ({
        tool: exported.loss.tool,
        name: exported.name,
        declaration: exported.declaration,
        ...(exported.propertyNames.length === 0 ? {} : { propertyNames: exported.propertyNames }),
      })),
    );
    expect(listed.map((entry) => entry.tool)).toEqual(['add', 'delegate', 'look', 'notes.read', 'read_note']);
    const dotted = dialect === 'gemini' || dialect === 'gemini-json' || dialect === 'mcp' ? 'notes.read' : 'notes_read';
    expect(listed[3]?.name).toBe(dotted);
  });

  it('gives the way back to the property names a dialect renames', async () => {
    const { cell } = fixtureCell();
    cell.tools().register({
      name: 'notes.grep',
      description: 'Find lines in the notes.',
      parameters: Type.Object({ pattern: Type.String(), '-n': Type.Optional(Type.Boolean()) }),
      handler: () => 'found',
    });
    const listed = (await (await createApp(cell, OPEN).request('/tools?dialect=gemini')).json()) as {
      tool: string;
      propertyNames?: unknown;
    }[];
    const grep = listed.find((entry) => entry.tool === 'notes.grep');
    expect(grep?.propertyNames).toEqual([{ pointer: '/properties/_n', provider: '_n', canonical: '-n' }]);
    expect(listed.find((entry) => entry.tool === 'add')).not.toHaveProperty('propertyNames');
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
      "unknown field 'a' in the body; it takes args, actor, sessionId, dialect and trace (the tool's arguments go under args)",
    ],
    [{ actor: 7 }, "'actor' must be a non-empty string"],
    [{ sessionId: '' }, "'sessionId' must be a non-empty string"],
    [{ dialect: 4 }, "'dialect' must be a non-empty string"],
  ])('answers the body %j with 400', async (body, message) => {
    const { cell } = fixtureCell();
    const response = await createApp(cell, OPEN).request('/tools/add/call', postJson(body));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'invalid_body', message } });
  });

  it('decodes strict-mode nulls named by ?dialect= or by the body, before validation', async () => {
    const { app, cell, seen } = notesCell();
    const strict = { path: 'a.md', from: null, width: null };
    const raw = await app.request('/tools/notes.read/call', postJson({ args: strict }));
    expect(await raw.json()).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: expect.stringContaining('notes.read'),
    });
    const byQuery = await app.request('/tools/notes.read/call?dialect=openai-strict', postJson({ args: strict }));
    expect(await byQuery.json()).toEqual({ isError: false, text: 'read' });
    const byBody = await app.request(
      '/tools/notes.read/call',
      postJson({ dialect: 'openai-strict', args: { path: 'b.md', from: 3, width: null } }),
    );
    expect(await byBody.json()).toEqual({ isError: false, text: 'read' });
    expect(seen).toEqual([{ path: 'a.md' }, { path: 'b.md', from: 3 }]);
    expect(cell.auditLog().at(-1)).toMatchObject({ tool: 'notes.read', dialect: 'openai-strict', outcome: 'ok' });
  });

  it("decodes Gemini's string-encoded number enums", async () => {
    const { app, seen } = notesCell();
    const response = await app.request(
      '/tools/notes.read/call?dialect=gemini',
      postJson({ args: { path: 'a', width: '80' } }),
    );
    expect(await response.json()).toEqual({ isError: false, text: 'read' });
    expect(seen).toEqual([{ path: 'a', width: 80 }]);
  });

  it('takes the provider name of a tool, with a dialect or without, and audits both names', async () => {
    const { app, cell, seen } = notesCell();
    const strict = await app.request(
      '/tools/notes_read/call?dialect=openai-strict',
      postJson({ args: { path: 'a', from: null, width: null } }),
    );
    expect(await strict.json()).toEqual({ isError: false, text: 'read' });
    expect(cell.auditLog().at(-1)).toMatchObject({
      tool: 'notes.read',
      calledAs: 'notes_read',
      dialect: 'openai-strict',
    });
    const plain = await app.request('/tools/notes_read/call', postJson({ args: { path: 'b' } }));
    expect(await plain.json()).toEqual({ isError: false, text: 'read' });
    expect(cell.auditLog().at(-1)).toMatchObject({ tool: 'notes.read', calledAs: 'notes_read' });
    expect(cell.auditLog().at(-1)).not.toHaveProperty('dialect');
    expect(seen).toEqual([{ path: 'a' }, { path: 'b' }]);
  });

  it('answers a provider name two tools could have with 404 naming both; the dialect tells them apart', async () => {
    const { app, cell } = notesCell();
    // `_1_x` is `_1.x` made legal for OpenAI, and `1_x` made legal for Gemini (a leading `_`).
    cell.tools().register({ ...notesRead, name: '_1.x', handler: () => 'dotted' });
    cell.tools().register({ ...notesRead, name: '1_x', handler: () => 'digit' });
    const response = await app.request('/tools/_1_x/call', postJson({ args: { path: 'a' } }));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        code: 'unknown_tool',
        message:
          "There is no tool named '_1_x', and it is the provider name of 2 tools ('1_x', '_1.x'); call the tool by its own name, or by the name its listing gave it",
      },
    });
    const openai = await app.request('/tools/_1_x/call?dialect=openai', postJson({ args: { path: 'a' } }));
    expect(await openai.json()).toEqual({ isError: false, text: 'dotted' });
    const gemini = await app.request('/tools/_1_x/call?dialect=gemini', postJson({ args: { path: 'a' } }));
    expect(await gemini.json()).toEqual({ isError: false, text: 'digit' });
  });

  it('takes the hash-suffixed name a collision gives in a listing', async () => {
    const { app, cell } = notesCell();
    cell.tools().register({ ...notesRead, name: 'notes_read', handler: () => 'underscored' });
    const listed = (await (await app.request('/tools?dialect=openai')).json()) as { tool: string; name: string }[];
    const dotted = listed.find((entry) => entry.tool === 'notes.read')?.name ?? '';
    expect(dotted).toMatch(/^notes_read_[0-9a-f]{8}$/);
    const byListing = await app.request(`/tools/${dotted}/call?dialect=openai`, postJson({ args: { path: 'a' } }));
    expect(await byListing.json()).toEqual({ isError: false, text: 'read' });
    const exact = await app.request('/tools/notes_read/call?dialect=openai', postJson({ args: { path: 'a' } }));
    expect(await exact.json()).toEqual({ isError: false, text: 'underscored' });
  });

  it('answers unknown_tool from inside a tool called by its provider name with 200', async () => {
    const { app, cell } = notesCell();
    cell.tools().register({
      name: 'notes.ask',
      description: 'Asks a tool that does not exist.',
      parameters: Type.Object({}),
      handler: () => {
        throw new ToolError('unknown_tool', "There is no tool named 'ghost'");
      },
    });
    const response = await app.request('/tools/notes_ask/call?dialect=openai', postJson({}));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      isError: true,
      code: 'unknown_tool',
      text: "There is no tool named 'ghost'",
    });
  });

  it('answers an unknown dialect, or two different ones, with 400', async () => {
    const { app, seen } = notesCell();
    const unknown = await app.request('/tools/notes.read/call', postJson({ dialect: 'cohere', args: { path: 'a' } }));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      error: {
        code: 'unknown_dialect',
        message: 'unknown dialect "cohere"; use one of openai-strict, openai, anthropic, gemini, gemini-json, mcp',
      },
    });
    const query = await app.request('/tools/notes.read/call?dialect=', postJson({ args: { path: 'a' } }));
    expect(await query.json()).toMatchObject({
      error: { code: 'unknown_dialect', message: expect.stringContaining('""') },
    });
    const both = await app.request(
      '/tools/notes.read/call?dialect=gemini',
      postJson({ dialect: 'openai', args: { path: 'a' } }),
    );
    expect(both.status).toBe(400);
    expect(await both.json()).toEqual({
      error: {
        code: 'invalid_body',
        message: 'the query says dialect "gemini" and the body "openai"; give the dialect once',
      },
    });
    const same = await app.request(
      '/tools/notes.read/call?dialect=gemini',
      postJson({ dialect: 'gemini', args: { path: 'a' } }),
    );
    expect(await same.json()).toEqual({ isError: false, text: 'read' });
    expect(seen).toEqual([{ path: 'a' }]);
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
