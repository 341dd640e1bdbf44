import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { toJsonSchemaTool } from '../export/json-schema-tool.js';
import { type AnyToolDefinition, defineTool } from '../tool/define-tool.js';
import { compile, errorsOf } from './ajv.test.fixture.js';
import type { DialectName } from './dialect-name.js';
import { exportTool } from './export-tool.js';
import { drawTree, editFile, intersected, search } from './sample-tools.test.fixture.js';

/** Decodes `args` for `dialect` and returns the result with the original schema's Ajv errors. */
function roundTrip(tool: AnyToolDefinition, dialect: DialectName, args: unknown) {
  const exported = exportTool(tool, dialect);
  const before = JSON.stringify(args);
  const decoded = exported.decode(args);
  expect(JSON.stringify(args), 'the input is not mutated').toBe(before);
  if (typeof args === 'object' && args !== null) expect(decoded).not.toBe(args);
  return { decoded, errors: errorsOf(compile(toJsonSchemaTool(tool).parameters), decoded) };
}

describe('decode: openai-strict', () => {
  it('removes the nulls that stand for left-out optional properties, at every depth', () => {
    const args = {
      query: 'cats',
      mode: 'deep',
      depth: 2,
      safe: true,
      since: null,
      site: null,
      filter: { language: null, tags: ['a'] },
    };
    expect(roundTrip(search, 'openai-strict', args)).toEqual({
      decoded: { query: 'cats', mode: 'deep', depth: 2, safe: true, filter: { tags: ['a'] } },
      errors: [],
    });
    const edits = {
      path: 'a.txt',
      edits: [
        { old: 'x', new: 'y', all: null },
        { old: 'p', new: 'q', all: true },
      ],
    };
    expect(roundTrip(editFile, 'openai-strict', edits)).toEqual({
      decoded: {
        path: 'a.txt',
        edits: [
          { old: 'x', new: 'y' },
          { old: 'p', new: 'q', all: true },
        ],
      },
      errors: [],
    });
  });

  it('follows recursive refs and leaves nulls the original schema allows', () => {
    const tree = { root: { name: 'a', children: [{ name: 'b', children: null }] }, segment: null };
    expect(roundTrip(drawTree, 'openai-strict', tree)).toEqual({
      decoded: { root: { name: 'a', children: [{ name: 'b' }] } },
      errors: [],
    });
    const nullable = defineTool({
      name: 'note',
      description: 'Nullable and optional.',
      parameters: Type.Object({ note: Type.Optional(Type.Union([Type.String(), Type.Null()])), n: Type.Number() }),
    });
    expect(roundTrip(nullable, 'openai-strict', { note: null, n: 1 })).toEqual({
      decoded: { note: null, n: 1 },
      errors: [],
    });
  });

  it('looks through Type.Intersect and picks the anyOf branch that fits', () => {
    const args = { both: { a: 'x', b: null }, either: 'y', note: null, level: null, flag: null };
    expect(roundTrip(intersected, 'openai-strict', args)).toEqual({
      decoded: { both: { a: 'x' }, either: 'y', note: null },
      errors: [],
    });
  });

  it('keeps a null the schema does not allow in a required property, for validation to report', () => {
    expect(roundTrip(editFile, 'openai-strict', { path: null, edits: [] })).toEqual({
      decoded: { path: null, edits: [] },
      errors: ['/path must be string', '/edits must NOT have fewer than 1 items'],
    });
  });
});

describe('decode: gemini', () => {
  it('turns string-encoded numbers and booleans back into the literals the schema allows', () => {
    const args = { query: 'cats', mode: 'fast', depth: '3', safe: 'true' };
    expect(roundTrip(search, 'gemini', args)).toEqual({
      decoded: { query: 'cats', mode: 'fast', depth: 3, safe: true },
      errors: [],
    });
  });

  it('leaves strings that are not an allowed literal alone', () => {
    expect(roundTrip(search, 'gemini', { query: '333', mode: 'fast', depth: '7', safe: 'yes' })).toEqual({
      decoded: { query: '333', mode: 'fast', depth: '7', safe: 'yes' },
      errors: [
        '/depth must be number',
        '/depth must be equal to constant',
        '/depth must be number',
        '/depth must be equal to constant',
        '/depth must be number',
        '/depth must be equal to constant',
        '/depth must match a schema in anyOf',
        '/safe must be boolean',
        '/safe must be equal to constant',
      ],
    });
  });
});

describe('decode: every dialect', () => {
  it.each([['openai-strict'], ['openai'], ['anthropic'], ['gemini'], ['gemini-json'], ['mcp']] as const)(
    '%s never throws on garbage and returns it as it is',
    (dialect) => {
      const exported = exportTool(search, dialect);
      const cyclic: Record<string, unknown> = { query: 'x' };
      cyclic.self = cyclic;
      for (const garbage of [undefined, null, 42, 'text', [1, [2]], { filter: 'nope' }, { filter: [null] }, cyclic]) {
        expect(() => exported.decode(garbage)).not.toThrow();
      }
      expect(exported.decode([1, [2]])).toEqual([1, [2]]);
      expect(exported.decode({ filter: 'nope' })).toEqual({ filter: 'nope' });
      expect(exported.decode('text')).toBe('text');
    },
  );
});
