import { DIALECT_NAMES, defineTool, defineToolPack, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { scriptedClient } from '../agent/scripted-client.js';
import type { CatalogueEntry } from './catalogue-routes.js';
import { createApp } from './create-app.js';
import { fixtureCell, OPEN } from './http.test.fixture.js';

// `GET /catalogue` over the fixture cell (an engine pack's tool, SDK closures), with an adapter source,
// a sub-agent tool and a per-run tool, through the app's own routes.

const add = defineTool({
  name: 'add',
  description: 'Add, the run’s own way.',
  parameters: Type.Object({ a: Type.Number(), b: Type.Number() }),
});
const notes = defineToolPack({
  name: 'notes-pack',
  version: '2.1.0',
  tools: [add],
  handlers: { add: ({ a, b }) => String(a + b) },
});

function catalogueApp() {
  const { cell } = fixtureCell({ extraCategories: { add: 'exploration' } });
  cell.sources().add({
    kind: 'adapter',
    id: 'adapter:mail',
    provenance: 'mail-adapter@0.3.0',
    sandbox: 'off',
    tools: () => [
      {
        definition: {
          name: 'send_mail',
          description: 'Send one mail.',
          parameters: Type.Object({ to: Type.String() }),
          meta: {},
          examples: [],
        } as never,
        handler: () => 'sent',
      },
    ],
  });
  const app = createApp(cell, {
    ...OPEN,
    runTools: ({ sessionId }) => [
      {
        name: 'session_note',
        description: `Keep a note for session ${sessionId}.`,
        parameters: Type.Object({ text: Type.String({ maxLength: 200 }) }),
        handler: ({ text }) => `noted ${text}`,
      },
      {
        name: add.name,
        description: add.description,
        parameters: add.parameters,
        pack: notes,
        handler: (args) => String(Number(args.a) + Number(args.b)),
      },
    ],
  });
  return { cell, app };
}

async function entries(app: ReturnType<typeof createApp>, query = ''): Promise<CatalogueEntry[]> {
  const response = await app.request(`/catalogue${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as CatalogueEntry[];
}

describe('GET /catalogue', () => {
  it("lists the cell's tools by name with where each came from", async () => {
    const { app } = catalogueApp();
    const listed = await entries(app);
    expect(listed.map((entry) => [entry.name, entry.source])).toEqual([
      ['add', { kind: 'sdk', provenance: expect.stringMatching(/^cell /) }],
      ['delegate', { kind: 'sdk', provenance: expect.stringMatching(/^cell /) }],
      ['look', { kind: 'engine', provenance: 'tier-e@1.0.0', pack: { name: 'tier-e', version: '1.0.0' } }],
      ['read_note', { kind: 'sdk', provenance: expect.stringMatching(/^cell /) }],
      ['send_mail', { kind: 'adapter', id: 'adapter:mail', provenance: 'mail-adapter@0.3.0', sandbox: 'off' }],
    ]);
  });

  it('says which level decided each category', async () => {
    const { app } = catalogueApp();
    const listed = await entries(app);
    const categories = Object.fromEntries(listed.map((entry) => [entry.name, [entry.category, entry.categoryFrom]]));
    expect(categories).toEqual({
      add: ['exploration', 'cell'],
      delegate: ['action', 'default'],
      look: ['exploration', 'engine'],
      read_note: ['exploration', 'meta'],
      send_mail: ['action', 'default'],
    });
  });

  it('gives the schema GET /tools serves, every dialect with its loss report, and the docs model', async () => {
    const { app } = catalogueApp();
    const listed = await entries(app);
    const tools = (await (await app.request('/tools')).json()) as unknown[];
    expect(listed.map((entry) => entry.schema)).toEqual(tools);
    const add = listed.find((entry) => entry.name === 'add');
    expect(add?.description).toBe('Add two numbers.');
    expect(Object.keys(add?.dialects ?? {})).toEqual([...DIALECT_NAMES]);
    const strict = add?.dialects['openai-strict'];
    expect(strict?.name).toBe('add');
    expect(strict?.declaration).toMatchObject({ type: 'function', name: 'add', strict: true });
    expect(strict?.loss).toMatchObject({ dialect: 'openai-strict', tool: 'add', strictCapable: true });
    expect(add?.docs).toMatchObject({
      name: 'add',
      category: 'exploration',
      summary: 'Add two numbers.',
      parameters: [
        { name: 'a', required: true, description: 'The first.' },
        { name: 'b', required: true },
      ],
    });
    const look = listed.find((entry) => entry.name === 'look');
    expect(look?.docs.description).toBe('Look around.\n\nChanges nothing.');
  });

  it("lists a session's run with its own tools, one shadowing the cell's add", async () => {
    const { app } = catalogueApp();
    const listed = await entries(app, '?session=s1');
    expect(listed.map((entry) => entry.name)).toEqual([
      'add',
      'delegate',
      'look',
      'read_note',
      'send_mail',
      'session_note',
    ]);
    const note = listed.find((entry) => entry.name === 'session_note');
    expect(note?.source).toEqual({ kind: 'run', provenance: expect.stringMatching(/^run [0-9a-f-]{36}$/) });
    expect(note?.description).toBe('Keep a note for session s1.');
    expect(note?.docs.parameters[0]).toMatchObject({ name: 'text', required: true });
    const add = listed.find((entry) => entry.name === 'add');
    expect(add?.source).toEqual({
      kind: 'run',
      provenance: 'notes-pack@2.1.0',
      pack: { name: 'notes-pack', version: '2.1.0' },
    });
    expect(add?.description).toBe('Add, the run’s own way.');
  });

  it('uses the run the session calls then go through', async () => {
    const { app } = catalogueApp();
    const listed = await entries(app, '?session=s2');
    const runId = listed.find((entry) => entry.name === 'session_note')?.source.provenance;
    const call = await app.request('/tools/session_note/call', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ args: { text: 'hi' }, sessionId: 's2' }),
    });
    expect(await call.json()).toMatchObject({ isError: false, text: 'noted hi' });
    const again = await entries(app, '?session=s2');
    expect(again.find((entry) => entry.name === 'session_note')?.source.provenance).toBe(runId);
  });

  it('lists sub-agent tools as agent tools', async () => {
    const { cell, app } = catalogueApp();
    cell.agents().asTool({
      name: 'helper',
      description: 'Hands a task to a helper.',
      client: scriptedClient([]),
    });
    const helper = (await entries(app)).find((entry) => entry.name === 'helper');
    expect(helper?.source).toEqual({ kind: 'agent', provenance: 'agent helper' });
  });

  it('shows the change at once when a tool is unregistered', async () => {
    const { cell, app } = catalogueApp();
    cell.tools().unregister('delegate');
    expect((await entries(app)).map((entry) => entry.name)).not.toContain('delegate');
  });

  it('says in the loss report why no dialect can take a schema, and lists the tool anyway', async () => {
    const { cell, app } = catalogueApp();
    cell.sources().add({
      kind: 'adapter',
      id: 'adapter:clock',
      provenance: 'clock@1.0.0',
      tools: () => [
        {
          definition: {
            name: 'set_alarm',
            description: 'Set an alarm.',
            parameters: Type.Object({ at: Type.String() }),
            result: Type.Object({ due: Type.Date() }),
            meta: {},
            examples: [],
          } as never,
          handler: () => 'set',
        },
      ],
    });
    const alarm = (await entries(app)).find((entry) => entry.name === 'set_alarm');
    expect(alarm?.dialects.mcp).toEqual({
      name: 'set_alarm',
      declaration: null,
      loss: {
        dialect: 'mcp',
        tool: 'set_alarm',
        providerName: 'set_alarm',
        lossless: false,
        hasStrictMode: false,
        strictCapable: false,
        strictProblems: [],
        warnings: [expect.stringMatching(/^no declaration can be made: /)],
        entries: [],
      },
    });
    expect(alarm?.dialects.anthropic.declaration).toMatchObject({ name: 'set_alarm' });
  });

  it('makes provider names distinct across the list, again when the list changes', async () => {
    const { cell, app } = catalogueApp();
    const tool = (name: string) => ({ name, description: 'Notes.', parameters: Type.Object({}), handler: () => 'ok' });
    cell.tools().register(tool('notes.read'));
    const alone = (await entries(app)).find((entry) => entry.name === 'notes.read');
    expect(alone?.dialects.openai.name).toBe('notes_read');
    cell.tools().register(tool('notes_read'));
    const listed = await entries(app);
    const names = ['notes.read', 'notes_read'].map(
      (name) => listed.find((entry) => entry.name === name)?.dialects.openai.name,
    );
    expect(names[1]).toBe('notes_read');
    expect(names[0]).toMatch(/^notes_read_[0-9a-z]+$/);
  });

  it('refuses an empty session id', async () => {
    const { app } = catalogueApp();
    const response = await app.request('/catalogue?session=');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 'bad_request', message: 'session must be a session id, not empty' },
    });
  });

  it('answers 503 for a session once the cell is stopped', async () => {
    const { cell, app } = catalogueApp();
    await cell.stop();
    const response = await app.request('/catalogue?session=late');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: { code: 'unavailable', message: 'the cell is stopped; it takes no more calls' },
    });
  });

  it("keeps an actor token's sessions its own", async () => {
    const { cell } = fixtureCell();
    const seen: { actor: string | undefined; sessionId: string | undefined }[] = [];
    const app = createApp(cell, {
      token: 'owner',
      actorTokens: [{ actor: 'ann', token: 'ann-token' }],
      runTools: (session) => {
        seen.push(session);
        return [];
      },
    });
    const response = await app.request('/catalogue?session=s1', { headers: { authorization: 'Bearer ann-token' } });
    expect(response.status).toBe(200);
    expect(seen).toEqual([{ actor: 'ann', sessionId: 'ann/s1' }]);
  });
});
