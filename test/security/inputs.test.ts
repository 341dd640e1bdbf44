import { existsSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtins } from '@wesgine/builtins';
import { type AuditEvent, createEngine, runAgent, scriptedClient } from '@wesgine/runtime';
import { createApp } from '@wesgine/runtime/http';
import { MAX_ARGUMENT_DEPTH, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';

// Threat classes 7 (bad input crashes instead of failing; unknown keys pass silently) and 8 (policy by
// alias), through `run.call` on the real builtins. Each case proves the effect: the result is a normal
// refusal with the text the model reads, the handler never ran, and the secret is in no answer.

const SECRET = 'TOP-SECRET-7f3a';

function world(spec: Record<string, unknown> = {}) {
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-inputs-')));
  writeFileSync(join(work, 'notes.txt'), `${SECRET}\n`);
  const events: AuditEvent[] = [];
  const engine = createEngine({ tools: builtins });
  const cell = engine.createCell({ workDir: work, onAudit: (event) => events.push(event), ...spec });
  let handled = 0;
  cell.tools().register({
    name: 'store',
    description: 'Keeps any JSON value.',
    parameters: Type.Object({ value: Type.Unknown() }),
    handler: () => {
      handled++;
      return 'stored';
    },
  });
  return { work, engine, cell, events, handled: () => handled };
}

function nested(levels: number): unknown {
  let value: unknown = SECRET;
  for (let level = 0; level < levels; level++) value = { a: value };
  return value;
}

const DEPTH = 'is nested more than 64 levels deep; arguments may nest objects and arrays at most 64 levels';
/** The pointer of the first object past the limit, under `/key`. */
const deepPointer = (key: string) =>
  `/${key}/${Array(MAX_ARGUMENT_DEPTH - 1)
    .fill('a')
    .join('/')}`;

describe('security: class 7, bad input fails as a result', () => {
  it.each([5_000, 100_000])(
    'a %i-deep value in the arguments is invalid_arguments, not a RangeError',
    async (levels) => {
      const { cell, events, handled } = world();
      const run = cell.run();
      for (const [tool, args] of [
        ['read', { path: 'notes.txt', y: nested(levels) }],
        ['store', { value: nested(levels) }],
      ] as const) {
        const key = Object.keys(args).at(-1) as string;
        const result = await run.call(tool, args);
        expect(result).toEqual({
          isError: true,
          code: 'invalid_arguments',
          text: `The arguments for \`${tool}\` are not valid (1 problem):\n- ${deepPointer(key)}: ${DEPTH}`,
        });
        expect(result.text).not.toContain(SECRET);
      }
      expect(handled()).toBe(0);
      expect(events.map((event) => [event.tool, event.stage, event.outcome])).toEqual([
        ['read', 'validate', 'invalid_arguments'],
        ['store', 'validate', 'invalid_arguments'],
      ]);
    },
  );

  it('the limit is the constant: 64 levels run, 65 do not', async () => {
    const { cell, handled } = world();
    const run = cell.run();
    // The arguments object is level 1, so the value may nest 63 more.
    expect(await run.call('store', { value: nested(MAX_ARGUMENT_DEPTH - 1) })).toEqual({
      isError: false,
      text: 'stored',
    });
    expect((await run.call('store', { value: nested(MAX_ARGUMENT_DEPTH) })).code).toBe('invalid_arguments');
    expect(handled()).toBe(1);
  });

  it('a deep array, a wide-and-deep value, and deep arguments given as the whole object all fail cleanly', async () => {
    const { cell, handled } = world();
    const run = cell.run();
    let array: unknown = [];
    for (let level = 0; level < 50_000; level++) array = [array];
    expect((await run.call('store', { value: array })).code).toBe('invalid_arguments');
    expect((await run.call('store', nested(10_000))).code).toBe('invalid_arguments');
    const wide = { value: Array.from({ length: 20 }, () => nested(200)) };
    const result = await run.call('store', wide);
    expect(result.code).toBe('invalid_arguments');
    expect(result.text.split('\n').length).toBeLessThanOrEqual(11);
    expect(handled()).toBe(0);
  });

  it('hostile in-process values are refused, each with its pointer, and the handler never runs', async () => {
    const { cell, handled } = world();
    const run = cell.run();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const throwing = {
      get value(): unknown {
        throw new Error('getter exploded');
      },
    };
    const trap = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('trap exploded');
        },
      },
    );
    const cases: [unknown, string][] = [
      [{ value: cyclic }, '- /value/self: contains itself (the value at /value); JSON has no cycles'],
      [throwing, '- /value: could not be read: getter exploded'],
      [{ value: trap }, '- /value: could not be read: trap exploded'],
      [{ value: 12n }, '- /value: is a bigint, which JSON cannot carry; send it as a number or a string of digits'],
      [
        { value: new Array(1_000_001).fill(0) },
        '- /value: is an array of 1000001 items; arguments may hold at most 1000000 values in all',
      ],
      [
        JSON.parse('{"value":{"__proto__":{"isAdmin":true}}}'),
        `- /value: has the key "__proto__", which is not allowed in arguments (it names an object's prototype)`,
      ],
      [
        { value: new Map([['a', 1]]) },
        '- /value: is a Map object, not plain JSON data (objects, arrays, strings, numbers, booleans and null)',
      ],
      [
        { value: () => SECRET },
        '- /value: is a function, not a JSON value (objects, arrays, strings, numbers, booleans and null)',
      ],
    ];
    for (const [args, line] of cases) {
      expect(await run.call('store', args)).toEqual({
        isError: true,
        code: 'invalid_arguments',
        text: `The arguments for \`store\` are not valid (1 problem):\n${line}`,
      });
    }
    expect(handled()).toBe(0);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('a getter is read once: the handler gets what was checked, not a second answer', async () => {
    const { work, cell } = world();
    writeFileSync(join(work, 'safe.txt'), 'safe\n');
    let reads = 0;
    const args = {
      get path() {
        reads++;
        return reads === 1 ? 'safe.txt' : '../../../etc/passwd';
      },
    };
    const result = await cell.run().call('read', args);
    expect(result.isError).toBe(false);
    expect(result.text).toContain('safe');
    expect(reads).toBe(1);
  });

  it('the agent loop hands a model’s 100,000-deep arguments back as a result it can act on', async () => {
    const { cell, handled } = world();
    const client = scriptedClient([
      { text: '', toolCalls: [{ id: 'c1', name: 'store', args: { value: nested(100_000) } }] },
      { text: 'gave up', toolCalls: [] },
    ]);
    const result = await runAgent({ run: cell.run(), client, prompt: 'store it' });
    expect(result.stopped).toBe('done');
    expect(result.messages.at(-2)).toMatchObject({
      role: 'tool',
      isError: true,
      content: `Error (invalid_arguments): The arguments for \`store\` are not valid (1 problem):\n- ${deepPointer('value')}: ${DEPTH}`,
    });
    expect(handled()).toBe(0);
  });

  it('a name that is not a string is unknown_tool, not a throw', async () => {
    const { cell } = world();
    const hostile = {
      toString: () => {
        throw new Error('no');
      },
    };
    expect(await cell.run().call(hostile as unknown as string, {})).toEqual({
      isError: true,
      code: 'unknown_tool',
      text: 'A tool name is a string, got an object',
    });
    const long = await cell.run().call('x'.repeat(100_000), {});
    expect(long.code).toBe('unknown_tool');
    expect(long.text.length).toBeLessThan(200);
  });

  it('an onAudit that throws does not make run.call throw', async () => {
    const { cell } = world({
      onAudit: () => {
        throw new Error('audit sink down');
      },
    });
    expect(await cell.run().call('store', { value: 1 })).toEqual({ isError: false, text: 'stored' });
  });

  it('unknown keys are invalid_arguments naming the key and the nearest known one (read {path, y}, nested too)', async () => {
    const { work, cell } = world();
    const run = cell.run();
    const before = readFileSync(join(work, 'notes.txt'), 'utf8');
    expect(await run.call('read', { path: 'notes.txt', y: 1 })).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: 'The arguments for `read` are not valid (1 problem):\n- /y: unknown key "y"; the keys allowed here are "path", "offset" and "limit"',
    });
    expect(await run.call('read', { pth: 'notes.txt' })).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: [
        'The arguments for `read` are not valid (2 problems):',
        '- /path: is required but missing; expected a string',
        '- /pth: unknown key "pth" (did you mean "path"?); the keys allowed here are "path", "offset" and "limit"',
      ].join('\n'),
    });
    expect(await run.call('plan', { plan: [{ step: 'a', status: 'pending', sttus: 'x' }] })).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: 'The arguments for `plan` are not valid (1 problem):\n- /plan/0/sttus: unknown key "sttus" (did you mean "status"?); the keys allowed here are "step" and "status"',
    });
    const write = await run.call('write', { path: 'notes.txt', content: 'x', overwrite: true });
    expect(write.code).toBe('invalid_arguments');
    expect(readFileSync(join(work, 'notes.txt'), 'utf8')).toBe(before);
  });
});

describe('security: class 8, policy by alias', () => {
  it("disabledEngineSkills: ['search_files'] disables grep under both names", async () => {
    const { cell } = world({ disabledEngineSkills: ['search_files'] });
    const run = cell.run();
    expect(run.tools().map((tool) => tool.name)).not.toContain('grep');
    for (const name of ['grep', 'search_files']) {
      const result = await run.call(name, { pattern: SECRET });
      expect(result.code).toBe('unknown_tool');
      expect(result.text).not.toContain(SECRET.slice(4));
    }
    expect(cell.spec.disabledEngineSkills).toEqual(['grep']);
  });

  it("disabledEngineSkills: ['find_files'] disables glob", async () => {
    const { cell } = world({ disabledEngineSkills: ['find_files'] });
    const run = cell.run();
    expect(run.tools().map((tool) => tool.name)).not.toContain('glob');
    expect((await run.call('glob', { pattern: '*.txt' })).code).toBe('unknown_tool');
    expect((await run.call('find_files', { pattern: '*.txt' })).code).toBe('unknown_tool');
  });

  it('an unknown name in disabledEngineSkills is an error when the cell is created, and nothing is created', () => {
    const dataDir = join(tmpdir(), `wesgine-inputs-never-${process.pid}-${Date.now()}`);
    expect(() =>
      createEngine({ tools: builtins }).createCell({
        workDir: tmpdir(),
        dataDir,
        disabledEngineSkills: ['serch_files'],
      }),
    ).toThrow(
      "disabledEngineSkills names 'serch_files', which is not a tool of the engine; did you mean 'search_files'? The engine's tools: apply_patch, ask_user, browser_navigate, delegate_task, edit, exec, glob, grep, memory, plan, read, web_search, write.",
    );
    expect(existsSync(dataDir)).toBe(false);
    // A tool that may arrive later (SDK, MCP) is not an engine tool: disabling it is refused too.
    expect(() =>
      createEngine({ tools: builtins }).createCell({ workDir: tmpdir(), disabledEngineSkills: ['store'] }),
    ).toThrow(/^disabledEngineSkills names 'store', which is not a tool of the engine\./);
  });

  it('a whitelist naming an alias offers the tool under its own name and answers both names', async () => {
    const { cell, events } = world();
    const run = cell.run({ agent: { tools: ['search_files', 'find_files'] } });
    expect(run.tools().map((tool) => tool.name)).toEqual(['glob', 'grep']);
    expect((await run.call('search_files', { pattern: 'nothing-matches-this' })).isError).toBe(false);
    // The audit names the tool by its own name and keeps the alias the call used.
    expect(events.at(-1)).toMatchObject({ tool: 'grep', calledAs: 'search_files', outcome: 'ok' });
    expect((await run.call('grep', { pattern: 'nothing-matches-this-either' })).isError).toBe(false);
    const read = await run.call('read', { path: 'notes.txt' });
    expect(read.code).toBe('unknown_tool');
    expect(read.text).not.toContain(SECRET);
  });

  it('a whitelist naming a tool the cell does not have is an error when the run is created', () => {
    const { cell } = world();
    expect(() => cell.run({ agent: { tools: ['read', 'serch_files'] } })).toThrow(
      "agent.tools names 'serch_files', which no tool of this cell has; did you mean 'search_files'? A tool that arrives later (an MCP server, a plugin) can only be named once it is there.",
    );
  });

  it('a zone rule `tools: [search_files]` deny governs grep, whichever name is called', async () => {
    const { cell } = world({
      zone: {
        version: 1,
        zone: 'test/no-search',
        defaults: { exploration: 'allow', action: 'allow' },
        rules: [{ id: 'no-search', effect: 'deny', tools: ['search_files'], reason: 'searching is off here' }],
      },
    });
    const run = cell.run();
    for (const name of ['grep', 'search_files']) {
      const result = await run.call(name, { pattern: SECRET });
      expect(result).toMatchObject({ isError: true, code: 'zone_denied' });
      expect(result.text).toContain('searching is off here');
      expect(result.text).not.toContain(`${SECRET}\n`);
    }
    expect((await run.call('read', { path: 'notes.txt' })).isError).toBe(false);
  });

  it('a zone rule with a glob on an alias (find_*) governs glob', async () => {
    const { cell } = world({
      zone: {
        version: 1,
        zone: 'test/no-find',
        defaults: { exploration: 'allow', action: 'allow' },
        rules: [{ id: 'no-find', effect: 'deny', tools: ['find_*'], reason: 'listing is off here' }],
      },
    });
    expect((await cell.run().call('glob', { pattern: '*.txt' })).code).toBe('zone_denied');
  });

  it('extraProgressAware resolves aliases; extraCategories refuses an engine tool, where it would be ignored', async () => {
    const { cell } = world({ extraProgressAware: ['find_files'] });
    expect(cell.spec.extraProgressAware).toEqual(['glob']);
    const engine = createEngine({ tools: builtins });
    for (const name of ['search_files', 'grep']) {
      expect(() => engine.createCell({ workDir: tmpdir(), extraCategories: { [name]: 'action' } })).toThrow(
        `extraCategories names ${name === 'grep' ? "'grep'" : "'search_files' (an alias of 'grep')"}, an engine tool, whose category the engine's map decides (exploration); extraCategories is for tools the engine does not have`,
      );
    }
  });

  it('extraCategories governs a tool that arrives after the cell is created', async () => {
    const { cell, handled } = world({
      extraCategories: { store: 'exploration', 'github.search': 'exploration' },
      zone: { version: 1, zone: 'test/ask-actions', defaults: { exploration: 'allow', action: 'ask' }, rules: [] },
    });
    expect(await cell.run().call('store', { value: 1 })).toEqual({ isError: false, text: 'stored' });
    expect(handled()).toBe(1);
  });

  it('a name no tool can have in extraProgressAware or extraCategories is an error', () => {
    const engine = createEngine({ tools: builtins });
    expect(() => engine.createCell({ workDir: tmpdir(), extraProgressAware: ['not a name'] })).toThrow(
      /^extraProgressAware names something that cannot be a tool: the name 'not a name' contains " "/,
    );
    expect(() => engine.createCell({ workDir: tmpdir(), extraCategories: { '': 'action' } })).toThrow(
      'extraCategories names something that cannot be a tool: the name is empty',
    );
  });

  it('a sub-agent tool list with a name no tool can have is an error when the sub-agent is defined', () => {
    const { cell } = world();
    expect(() =>
      cell.agents().define({ name: 'bad', description: 'Bad.', client: scriptedClient([]), tools: ['read', 'rm -rf'] }),
    ).toThrow("the tools of sub-agent 'bad' name something that cannot be a tool: the name 'rm -rf' contains \" \"");
  });

  it('a sub-agent tool list naming an alias gives the sub-agent the tool', async () => {
    const { cell } = world();
    const child = scriptedClient([
      { text: '', toolCalls: [{ id: 'c1', name: 'search_files', args: { pattern: 'nothing-matches-this' } }] },
      { text: 'searched', toolCalls: [] },
    ]);
    cell.agents().asTool({ name: 'searcher', description: 'Searches.', client: child, tools: ['search_files'] });
    expect(await cell.run().call('searcher', { task: 'look' })).toMatchObject({ isError: false, text: 'searched' });
    expect(child.requests[0]?.tools.map((tool) => tool.name)).toEqual(['grep']);
  });
});

describe('security: the engine and the sub-agent depth are fixed', () => {
  it('deleting from engine.tools, or changing a definition, does not change a live cell', async () => {
    const { engine, cell } = world();
    const run = cell.run();
    expect(() => (engine.tools as Map<string, unknown>).delete('exec')).toThrow(TypeError);
    expect(() => Map.prototype.delete.call(engine.tools, 'exec')).toThrow(TypeError);
    expect(() => (engine.aliases as Map<string, string>).set('cat', 'read')).toThrow(TypeError);
    const read = engine.tools.get('read');
    expect(() => {
      (read?.definition.parameters.properties as Record<string, unknown>).extra = Type.String();
    }).toThrow(TypeError);
    expect(run.tools().map((tool) => tool.name)).toContain('exec');
    expect((await run.call('read', { path: 'notes.txt', extra: 'x' })).code).toBe('invalid_arguments');
  });

  it('changing the cell spec or a sub-agent config after creation changes nothing', async () => {
    const work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-inputs-')));
    const denyPaths = [join(work, 'secret')];
    const disabledEngineSkills = ['exec'];
    const cell = createEngine({ tools: builtins }).createCell({ workDir: work, denyPaths, disabledEngineSkills });
    denyPaths.pop();
    disabledEngineSkills.pop();
    expect(cell.spec.denyPaths).toEqual([join(work, 'secret')]);
    expect(
      cell
        .run()
        .tools()
        .map((tool) => tool.name),
    ).not.toContain('exec');
    const tools = ['read'];
    const child = scriptedClient([{ text: 'ok', toolCalls: [] }]);
    cell.agents().asTool({ name: 'reader', description: 'Reads.', client: child, tools });
    tools.push('write');
    await cell.run().call('reader', { task: 't' });
    expect(child.requests[0]?.tools.map((tool) => tool.name)).toEqual(['read']);
  });

  it('a sub-agent at the depth limit is not offered delegate_task, and calling it says why', async () => {
    const { cell } = world();
    const child = scriptedClient([
      { text: '', toolCalls: [{ id: 'c1', name: 'delegate_task', args: { description: 'again', prompt: 'go' } }] },
      { text: 'done myself', toolCalls: [] },
    ]);
    cell.agents().define({ name: 'general', description: 'Does anything.', client: child });
    const parent = cell.run();
    expect(parent.tools().map((tool) => tool.name)).toContain('delegate_task');
    const result = await parent.call('delegate_task', { description: 'find', prompt: 'find it' });
    expect(result).toMatchObject({ isError: false, text: 'done myself' });
    expect(child.requests[0]?.tools.map((tool) => tool.name)).not.toContain('delegate_task');
    const answered = child.requests[1]?.messages.at(-1);
    expect(answered).toMatchObject({
      role: 'tool',
      isError: true,
      content:
        'Error (not_allowed): delegate_task is not offered here: this sub-agent runs 1 level deep, the most sub-agents may nest, so it cannot hand work on; do the task with the other tools.',
    });
    expect(child.requests).toHaveLength(2);
  });
});

describe('security: classes 7 and 8 over HTTP', () => {
  const TOKEN = 'inputs-test-token';
  async function post(app: ReturnType<typeof createApp>, tool: string, body: string) {
    const response = await app.request(`/tools/${tool}/call`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body,
    });
    return { status: response.status, text: await response.text() };
  }

  it('a 5,000-deep value under args is refused as bad input, never a 500, and the secret is in no answer', async () => {
    const { cell, handled } = world();
    const app = createApp(cell, { token: TOKEN });
    const deep = `{"args":{"path":"notes.txt","y":${'{"a":'.repeat(5_000)}"${SECRET}"${'}'.repeat(5_000)}}}`;
    const answer = await post(app, 'read', deep);
    // Refused by a scan of the body's text before it is parsed.
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({
      error: { code: 'too_deep', message: 'the body nests arrays and objects deeper than the limit of 65 levels' },
    });
    expect(answer.text).not.toContain(SECRET);
    expect(handled()).toBe(0);
  });

  it('an unknown key is invalid_arguments naming it', async () => {
    const { cell } = world();
    const answer = await post(createApp(cell, { token: TOKEN }), 'read', '{"args":{"path":"notes.txt","y":1}}');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: 'The arguments for `read` are not valid (1 problem):\n- /y: unknown key "y"; the keys allowed here are "path", "offset" and "limit"',
    });
  });

  it("disabledEngineSkills: ['search_files'] holds over HTTP under both names", async () => {
    const { cell } = world({ disabledEngineSkills: ['search_files'] });
    const app = createApp(cell, { token: TOKEN });
    for (const name of ['grep', 'search_files']) {
      const answer = await post(app, name, JSON.stringify({ args: { pattern: SECRET } }));
      expect(answer.status).toBe(404);
      expect(answer.text).toContain('unknown_tool');
      expect(answer.text).not.toContain(`${SECRET}\n`);
    }
  });
});
