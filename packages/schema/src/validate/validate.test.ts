import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { defineTool } from '../tool/define-tool.js';
import { validate } from './validate.js';

const read = defineTool({
  name: 'read_file',
  description: 'Read a file.',
  parameters: Type.Object({
    path: Type.String(),
    offset: Type.Optional(Type.Integer({ minimum: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  }),
});

const edit = defineTool({
  name: 'edit',
  description: 'Edit a file.',
  parameters: Type.Object(
    {
      path: Type.String(),
      edits: Type.Array(
        Type.Object({
          old_string: Type.String(),
          new_string: Type.String(),
          replace_all: Type.Optional(Type.Boolean()),
        }),
        { minItems: 1 },
      ),
    },
    { additionalProperties: false },
  ),
});

function issuesOf(tool: Parameters<typeof validate>[0], args: unknown) {
  const result = validate(tool, args);
  if (result.ok) throw new Error('expected the arguments to be rejected');
  return result.issues;
}

describe('validate', () => {
  it('returns the arguments themselves when they are valid', () => {
    const args = { path: 'a.ts', offset: 0 };
    const result = validate(read, args);
    expect(result).toEqual({ ok: true, value: args });
    expect(result.ok && result.value).toBe(args);
  });

  it('lists every issue with its pointer, what was expected and what was got', () => {
    expect(issuesOf(read, { path: 42, offset: -1, limit: 0 })).toEqual([
      { path: '/path', message: 'must be a string, got 42 (a number)', keyword: 'type' },
      { path: '/offset', message: 'must be >= 0, got -1', keyword: 'minimum' },
      { path: '/limit', message: 'must be >= 1, got 0', keyword: 'minimum' },
    ]);
    expect(issuesOf(read, { path: 'a', offset: '5', limit: 20_000 })).toEqual([
      { path: '/offset', message: 'must be an integer, got "5" (a string)', keyword: 'type' },
      { path: '/limit', message: 'must be <= 10000, got 20000', keyword: 'maximum' },
    ]);
  });

  it('points a missing required property at the property itself', () => {
    expect(issuesOf(read, {})).toEqual([
      { path: '/path', message: 'is required but missing; expected a string', keyword: 'required' },
    ]);
  });

  it('reports the arguments object itself at the empty pointer', () => {
    expect(issuesOf(read, [1, 2])).toEqual([
      { path: '', message: 'must be an object, got an array of 2 items', keyword: 'type' },
    ]);
    expect(issuesOf(read, undefined)).toEqual([
      { path: '', message: 'must be an object, got nothing (undefined)', keyword: 'type' },
    ]);
  });

  it('names an unexpected property and lists the allowed ones', () => {
    expect(issuesOf(edit, { path: 'a', edits: [{ old_string: 'x', new_string: 'y' }], dry_run: true })).toEqual([
      {
        path: '/dry_run',
        message: 'unknown key "dry_run"; the keys allowed here are "path" and "edits"',
        keyword: 'additionalProperties',
      },
    ]);
  });

  it('walks into arrays and reports issues at their index', () => {
    const args = {
      path: 'a',
      edits: [
        { old_string: 'x' },
        { old_string: 'x', new_string: 'y', replace_all: 'yes' },
        { old_string: 5, new_string: 'y' },
      ],
    };
    expect(issuesOf(edit, args)).toEqual([
      { path: '/edits/0/new_string', message: 'is required but missing; expected a string', keyword: 'required' },
      { path: '/edits/1/replace_all', message: 'must be a boolean, got "yes" (a string)', keyword: 'type' },
      { path: '/edits/2/old_string', message: 'must be a string, got 5 (a number)', keyword: 'type' },
    ]);
    expect(issuesOf(edit, { path: 'a', edits: [] })).toEqual([
      { path: '/edits', message: 'must have at least 1 item, got 0', keyword: 'minItems' },
    ]);
  });

  it('cuts long values short in messages', () => {
    const issues = issuesOf(read, { path: 'a', offset: 'x'.repeat(100_000) });
    expect(issues).toEqual([
      {
        path: '/offset',
        message: `must be an integer, got "${'x'.repeat(40)}…" (a string of 100000 characters)`,
        keyword: 'type',
      },
    ]);
    const big = Object.fromEntries(Array.from({ length: 1000 }, (_, index) => [`key${index}`, index]));
    expect(issuesOf(read, { path: big })[0]?.message).toBe(
      'must be a string, got an object with keys "key0", "key1", "key2", "key3", "key4", …',
    );
  });

  it('escapes "~" and "/" in pointers', () => {
    const tool = defineTool({
      name: 'env',
      description: 'Set variables.',
      parameters: Type.Object({ vars: Type.Record(Type.String(), Type.String()) }),
    });
    expect(issuesOf(tool, { vars: { 'a/b~c': 1 } })).toEqual([
      { path: '/vars/a~1b~0c', message: 'must be a string, got 1 (a number)', keyword: 'type' },
    ]);
  });

  it('switches between tools without mixing up their validators', () => {
    expect(validate(read, { path: 'a' }).ok).toBe(true);
    expect(validate(edit, { path: 'a' }).ok).toBe(false);
    expect(validate(read, { path: 'a' }).ok).toBe(true);
  });
});
