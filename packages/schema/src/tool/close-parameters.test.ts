import { type TObject, Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { validate } from '../validate/validate.js';
import { defineTool } from './define-tool.js';

function tool(parameters: TObject) {
  return defineTool({ name: 'probe', description: 'A probe.', parameters });
}

function messages(parameters: TObject, args: unknown): string[] {
  const result = validate(tool(parameters), args);
  return result.ok ? [] : result.issues.map((issue) => `${issue.path}: ${issue.message}`).sort();
}

const read = Type.Object({
  path: Type.String(),
  offset: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
});

describe('parameters are closed by default', () => {
  it('refuses an unknown key, naming it and the nearest known key', () => {
    expect(messages(read, { pth: 'a.txt' })).toEqual([
      '/path: is required but missing; expected a string',
      '/pth: unknown key "pth" (did you mean "path"?); the keys allowed here are "path", "offset" and "limit"',
    ]);
    expect(messages(read, { path: 'a', y: 1 })).toEqual([
      '/y: unknown key "y"; the keys allowed here are "path", "offset" and "limit"',
    ]);
    expect(messages(Type.Object({}), { anything: 1 })).toEqual([
      '/anything: unknown key "anything"; this object takes no keys',
    ]);
  });

  it('closes nested objects: property values, array items, union alternatives', () => {
    const parameters = Type.Object({
      edits: Type.Array(Type.Object({ old_string: Type.String(), new_string: Type.String() })),
      options: Type.Optional(Type.Object({ dry_run: Type.Boolean() })),
      action: Type.Union([
        Type.Object({ kind: Type.Literal('comment'), body: Type.String() }),
        Type.Object({ kind: Type.Literal('close') }),
      ]),
    });
    expect(
      messages(parameters, {
        edits: [{ old_string: 'a', new_string: 'b', replace_al: true }],
        options: { dry_run: true, dryrun: false },
        action: { kind: 'close', reason: 'x' },
      }),
    ).toEqual([
      '/action/reason: unknown key "reason"; the keys allowed here are "kind"',
      '/edits/0/replace_al: unknown key "replace_al"; the keys allowed here are "old_string" and "new_string"',
      '/options/dryrun: unknown key "dryrun" (did you mean "dry_run"?); the keys allowed here are "dry_run"',
    ]);
  });

  it('stays open where the definition says so: additionalProperties true or a schema, a map, a free-form object', () => {
    expect(messages(Type.Object({ a: Type.String() }, { additionalProperties: true }), { a: 'x', b: 1 })).toEqual([]);
    expect(
      messages(Type.Object({ a: Type.String() }, { additionalProperties: Type.Number() }), { a: 'x', b: 'y' }),
    ).toEqual(['/b: must be a number, got "y" (a string)']);
    expect(messages(Type.Object({ env: Type.Record(Type.String(), Type.String()) }), { env: { ANY: 'x' } })).toEqual(
      [],
    );
    const free = Type.Object({ options: Type.Unsafe<object>({ type: 'object' }) });
    expect(messages(free, { options: { whatever: 1 } })).toEqual([]);
    expect(JSON.stringify(tool(free).parameters.properties.options)).toBe('{"type":"object"}');
  });

  it('leaves the parts of an intersection open, so the whole still takes the keys of every part', () => {
    const parameters = Type.Object({
      both: Type.Intersect([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })]),
    });
    expect(messages(parameters, { both: { a: 'x', b: 'y' } })).toEqual([]);
  });

  it('says so in the exported schema: every listed object carries additionalProperties false', () => {
    const parameters = tool(Type.Object({ inner: Type.Object({ x: Type.String() }) })).parameters;
    expect(JSON.parse(JSON.stringify(parameters))).toEqual({
      type: 'object',
      required: ['inner'],
      properties: {
        inner: { type: 'object', required: ['x'], properties: { x: { type: 'string' } }, additionalProperties: false },
      },
      additionalProperties: false,
    });
  });

  it('keeps its own frozen copy: changing the schema passed in, or the definition, changes nothing', () => {
    const original = Type.Object({ path: Type.String() });
    const definition = tool(original);
    (original.properties.path as unknown as { type: string }).type = 'number';
    expect(validate(definition, { path: 'a' }).ok).toBe(true);
    expect(Object.isFrozen(definition.parameters)).toBe(true);
    expect(Object.isFrozen(definition.parameters.properties.path)).toBe(true);
    expect(() => {
      (definition.parameters.properties.path as unknown as { type: string }).type = 'number';
    }).toThrow(TypeError);
  });

  it('keeps a property named "__proto__" as a property, not a prototype', () => {
    const parameters = Type.Unsafe<TObject>({
      ...Type.Object({}),
      properties: JSON.parse('{"__proto__": {"type": "string"}}'),
    }) as unknown as TObject;
    const definition = tool(Object.assign(Type.Object({}), { properties: parameters.properties }));
    expect(Object.hasOwn(definition.parameters.properties, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(definition.parameters.properties)).toBe(Object.prototype);
  });
});
