import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DialectName, providerToolName, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine/create-engine.js';
import { toolsByProviderName } from './provider-names.js';

// `run.call(name, args, { dialect })`: the one place where provider-shaped arguments become the tool's
// own, for every source (HTTP, the agent loop, a consumer's code).

function cell() {
  const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-dialect-call-')));
  const made = createEngine().createCell({ workDir });
  const seen: unknown[] = [];
  made.tools().register({
    name: 'notes.read',
    description: 'Read a note.',
    parameters: Type.Object({
      path: Type.String(),
      from: Type.Optional(Type.Integer({ minimum: 1 })),
      width: Type.Optional(Type.Union([Type.Literal(40), Type.Literal(80)])),
    }),
    handler: (args) => {
      seen.push(args);
      return 'read';
    },
  });
  made.tools().register({
    name: 'notes.write',
    description: 'Write a note.',
    parameters: Type.Object({ path: Type.String() }),
    handler: () => 'written',
  });
  return { cell: made, seen };
}

describe('run.call with a dialect', () => {
  it('decodes before validation, so the handler, the cycle detector and the audit see the canonical form', async () => {
    const { cell: made, seen } = cell();
    const run = made.run();
    expect(await run.call('notes.read', { path: 'a', from: null, width: null }, { dialect: 'openai-strict' })).toEqual({
      isError: false,
      text: 'read',
    });
    expect(await run.call('notes.read', { path: 'b', width: '40' }, { dialect: 'gemini' })).toEqual({
      isError: false,
      text: 'read',
    });
    expect(seen).toEqual([{ path: 'a' }, { path: 'b', width: 40 }]);
    expect(made.auditLog().map((event) => [event.tool, event.dialect, event.outcome])).toEqual([
      ['notes.read', 'openai-strict', 'ok'],
      ['notes.read', 'gemini', 'ok'],
    ]);
  });

  it('reports what is still wrong after decoding, against the tool’s own schema', async () => {
    const { cell: made } = cell();
    const result = await made
      .run()
      .call('notes.read', { path: null, from: 0, width: null }, { dialect: 'openai-strict' });
    expect(result).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: 'The arguments for `notes.read` are not valid (2 problems):\n- /from: must be >= 1, got 0\n- /path: must be a string, got null',
    });
  });

  it('keeps the whitelist by the tools’ own names when the call uses a provider name', async () => {
    const { cell: made } = cell();
    const run = made.run({ agent: { tools: ['notes.write'] } });
    expect(await run.call('notes_write', { path: 'a' }, { dialect: 'openai' })).toEqual({
      isError: false,
      text: 'written',
    });
    const hidden = await run.call('notes_read', { path: 'a' }, { dialect: 'openai' });
    expect(hidden).toMatchObject({ isError: true, code: 'unknown_tool' });
    expect(hidden.text).toBe("There is no tool named 'notes_read'");
  });

  it('governs a call by provider name as the tool: a zone rule on notes.write refuses notes_write', async () => {
    const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-dialect-zone-')));
    const zoned = createEngine().createCell({
      workDir,
      zone: {
        version: 1,
        zone: 'test/dialects',
        defaults: { exploration: 'allow', action: 'allow' },
        rules: [{ id: 'no-writes', effect: 'deny', tools: ['notes.write'], reason: 'notes are read-only here' }],
      },
    });
    zoned.tools().register({
      name: 'notes.write',
      description: 'Write a note.',
      parameters: Type.Object({ path: Type.String() }),
      handler: () => 'written',
    });
    const result = await zoned.run().call('notes_write', { path: 'a' }, { dialect: 'openai' });
    expect(result).toMatchObject({ isError: true, code: 'zone_denied' });
    expect(zoned.auditLog().at(-1)).toMatchObject({
      tool: 'notes.write',
      calledAs: 'notes_write',
      stage: 'zone',
      rule: 'no-writes',
    });
  });

  it('refuses an unknown dialect without running the tool', async () => {
    const { cell: made, seen } = cell();
    const run = made.run();
    const unknown = await run.call('notes.read', { path: 'a' }, { dialect: 'cohere' as DialectName });
    expect(unknown).toEqual({
      isError: true,
      code: 'invalid_arguments',
      text: 'unknown dialect "cohere"; use one of openai-strict, openai, anthropic, gemini, gemini-json, mcp, or none for arguments in the tool\'s own shape',
    });
    expect(made.auditLog().at(-1)).not.toHaveProperty('dialect');
    expect(seen).toEqual([]);
  });
});

describe('toolsByProviderName', () => {
  const names = ['notes.read', 'notes_read', 'read', '1_x', '_1.x', `long.${'x'.repeat(70)}`];

  it('finds the tool a listing gave the name, plain or hash-suffixed, and never the name itself', () => {
    expect(toolsByProviderName('notes_read', names, 'openai')).toEqual(['notes.read']);
    expect(toolsByProviderName('notes.read', names, 'gemini')).toEqual([]);
    expect(toolsByProviderName('read', names, undefined)).toEqual([]);
    const suffixed = providerToolName('notes.read', 'openai', names);
    expect(suffixed).toMatch(/^notes_read_[0-9a-f]{8}$/);
    expect(toolsByProviderName(suffixed, names, 'openai')).toEqual(['notes.read']);
    const long = providerToolName(names[5] as string, 'gemini');
    expect(long).toHaveLength(64);
    expect(toolsByProviderName(long, names, 'gemini')).toEqual([names[5]]);
    expect(toolsByProviderName('notes_read_', names, 'openai')).toEqual([]);
  });

  it.each<[string, DialectName | undefined, string[]]>([
    ['_1_x', 'openai', ['_1.x']],
    ['_1_x', 'gemini', ['1_x']],
    ['_1_x', undefined, ['1_x', '_1.x']],
  ])('%s in %s names %j', (called, dialect, expected) => {
    expect(toolsByProviderName(called, names, dialect)).toEqual(expected);
  });
});
