import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { registerFormats } from '../formats/register-formats.js';
import { compileSchema } from './compile-schema.js';

registerFormats();

/** `[path, keyword, message]` for each issue, in the order found. */
function issues(schema: unknown, value: unknown): [string, string, string][] {
  const compiled = compileSchema(schema as never);
  const found = compiled.collect(value);
  expect(compiled.check(value)).toBe(found.length === 0);
  return found.map((issue) => [issue.path, issue.keyword, issue.message]);
}

describe('compileSchema: strings', () => {
  const schema = Type.String({ minLength: 2, maxLength: 3 });

  it('counts length in code points, not UTF-16 units', () => {
    expect(issues(schema, '😀😀😀')).toEqual([]);
    expect(issues(schema, '😀')).toEqual([['', 'minLength', 'must be at least 2 characters long, got 1 character']]);
    expect(issues(schema, 'abcd')).toEqual([['', 'maxLength', 'must be at most 3 characters long, got 4 characters']]);
  });

  it('reports a pattern and a format with the value', () => {
    expect(issues(Type.String({ pattern: '^[a-z]+$' }), 'A1')).toEqual([
      ['', 'pattern', 'must match the pattern /^[a-z]+$/, got "A1" (a string)'],
    ]);
    expect(issues(Type.String({ format: 'date-time' }), 'yesterday')).toEqual([
      ['', 'format', 'must be an RFC 3339 date-time such as "2024-05-01T13:45:00Z", got "yesterday" (a string)'],
    ]);
    // A format nobody registered is an annotation (MCP servers send `password`, `int64`, ...).
    expect(issues(Type.String({ format: 'no-such-format' }), 'x')).toEqual([]);
  });
});

describe('compileSchema: numbers', () => {
  it('reports each bound', () => {
    const schema = Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 1 });
    expect(issues(schema, 0)).toEqual([['', 'exclusiveMinimum', 'must be > 0, got 0']]);
    expect(issues(schema, 1)).toEqual([['', 'exclusiveMaximum', 'must be < 1, got 1']]);
    expect(issues(Type.Integer({ multipleOf: 5 }), 7)).toEqual([['', 'multipleOf', 'must be a multiple of 5, got 7']]);
    expect(issues(Type.Integer(), 1.5)).toEqual([['', 'type', 'must be an integer, got 1.5 (a number)']]);
  });
});

describe('compileSchema: literals and enums', () => {
  it('says which values are allowed', () => {
    expect(issues(Type.Literal('read'), 'write')).toEqual([['', 'const', 'must be "read", got "write" (a string)']]);
    expect(issues(Type.Literal('read'), 5)).toEqual([['', 'const', 'must be "read", got 5 (a number)']]);
    const mode = Type.Union([Type.Literal('fast'), Type.Literal('safe')]);
    expect(issues(mode, 'slow')).toEqual([['', 'anyOf', 'must be "fast" or "safe", got "slow" (a string)']]);
    expect(issues(Type.Unsafe({ enum: ['a', 'b', 3, null] }), true)).toEqual([
      ['', 'enum', 'must be one of "a", "b", 3 or null, got true (a boolean)'],
    ]);
    expect(issues(Type.Unsafe({ const: { a: [1] } }), { a: [2] })).toEqual([
      ['', 'const', 'must be {"a":[1]}, got an object with key "a"'],
    ]);
    expect(issues(Type.Unsafe({ const: { a: [1] } }), { a: [1] })).toEqual([]);
  });
});

describe('compileSchema: arrays', () => {
  it('checks bounds, uniqueness and tuples', () => {
    expect(issues(Type.Array(Type.Number(), { maxItems: 1 }), [1, 2])).toEqual([
      ['', 'maxItems', 'must have at most 1 item, got 2'],
    ]);
    expect(issues(Type.Array(Type.Unknown(), { uniqueItems: true }), [{ a: 1, b: 2 }, 3, { b: 2, a: 1 }])).toEqual([
      ['', 'uniqueItems', 'must not contain duplicates; items 0 and 2 are equal'],
    ]);
    const tuple = Type.Tuple([Type.String(), Type.Number()]);
    expect(issues(tuple, ['a', 'b', 3])).toEqual([
      ['', 'maxItems', 'must have at most 2 items, got 3'],
      ['/1', 'type', 'must be a number, got "b" (a string)'],
      ['', 'additionalItems', 'must have at most 2 items, got 3'],
    ]);
    const prefixed = Type.Unsafe({ type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'integer' } });
    expect(issues(prefixed, ['a', 1, 'x'])).toEqual([['/2', 'type', 'must be an integer, got "x" (a string)']]);
  });
});

describe('compileSchema: objects', () => {
  it('applies patternProperties and additionalProperties', () => {
    const schema = Type.Unsafe({
      type: 'object',
      properties: { name: { type: 'string' } },
      patternProperties: { '^x-': { type: 'number' } },
      additionalProperties: false,
      minProperties: 2,
    });
    expect(issues(schema, { name: 'a', 'x-size': 1 })).toEqual([]);
    expect(issues(schema, { 'x-size': 'big', other: 1 })).toEqual([
      ['/x-size', 'type', 'must be a number, got "big" (a string)'],
      [
        '/other',
        'additionalProperties',
        'unknown key "other"; the keys allowed here are "name", and names matching /^x-/',
      ],
    ]);
    expect(issues(schema, { name: 'a' })).toEqual([['', 'minProperties', 'must have at least 2 properties, got 1']]);
    expect(issues(Type.Object({}, { additionalProperties: false }), { a: 1 })).toEqual([
      ['/a', 'additionalProperties', 'unknown key "a"; this object takes no keys'],
    ]);
  });

  it('treats names from Object.prototype as ordinary properties', () => {
    const schema = Type.Object({ constructor: Type.String() });
    expect(issues(schema, {})).toEqual([['/constructor', 'required', 'is required but missing; expected a string']]);
    expect(issues(schema, { constructor: 'x' })).toEqual([]);
  });
});

describe('compileSchema: unions', () => {
  const action = Type.Union([
    Type.Object({ kind: Type.Literal('comment'), body: Type.String() }),
    Type.Object({ kind: Type.Literal('close'), reason: Type.String() }),
  ]);

  it('reports the issues of the alternative whose tag matches', () => {
    expect(issues(action, { kind: 'close', reason: 3 })).toEqual([
      ['/reason', 'type', 'must be a string, got 3 (a number)'],
    ]);
  });

  it('summarises the alternatives when no tag matches', () => {
    expect(issues(action, { kind: 'open' })).toEqual([
      [
        '',
        'anyOf',
        'must be an object with kind: "comment" or an object with kind: "close", got an object with key "kind"',
      ],
    ]);
    expect(issues(Type.Union([Type.String(), Type.Null()]), 1)).toEqual([
      ['', 'anyOf', 'must be a string or null, got 1 (a number)'],
    ]);
    expect(issues(Type.Unsafe({ type: ['string', 'null'] }), 1)).toEqual([
      ['', 'type', 'must be a string or null, got 1 (a number)'],
    ]);
  });

  it('checks oneOf, allOf and not', () => {
    const oneOf = Type.Unsafe({ oneOf: [{ type: 'integer' }, { type: 'number', minimum: 0 }] });
    expect(issues(oneOf, -1.5)).toEqual([['', 'oneOf', 'must be an integer or a number, got -1.5 (a number)']]);
    expect(issues(oneOf, 2)).toEqual([
      ['', 'oneOf', 'must match exactly one alternative, but matches alternatives 1 and 2'],
    ]);
    const both = Type.Intersect([Type.Object({ a: Type.String() }), Type.Object({ b: Type.Number() })]);
    expect(issues(both, { a: 1 })).toEqual([
      ['/a', 'type', 'must be a string, got 1 (a number)'],
      ['/b', 'required', 'is required but missing; expected a number'],
    ]);
    expect(issues(Type.Not(Type.String()), 'x')).toEqual([['', 'not', 'must not be a string']]);
    expect(issues(Type.Object({ a: Type.Optional(Type.Never()) }), { a: 1 })).toEqual([
      ['/a', 'not', 'is not allowed here'],
    ]);
    expect(issues(Type.Unsafe({ properties: { a: false } }), { a: 1 })).toEqual([
      ['/a', 'false', 'is not allowed here'],
    ]);
  });
});

describe('compileSchema: keywords that relate values', () => {
  it('checks contains, propertyNames and dependencies', () => {
    const list = Type.Unsafe({ type: 'array', contains: { const: 'x' }, maxContains: 1 });
    expect(issues(list, ['a'])).toEqual([['', 'contains', 'must contain at least one item that is "x", got 0']]);
    expect(issues(list, ['x', 'x'])).toEqual([['', 'maxContains', 'must contain at most 1 items that are "x", got 2']]);
    const names = Type.Unsafe({ type: 'object', propertyNames: { pattern: '^[a-z]+$' } });
    expect(issues(names, { ok: 1, Bad: 2 })).toEqual([
      ['/Bad', 'propertyNames', 'the property name "Bad" is not allowed: names must be a value matching the schema'],
    ]);
    const card = Type.Unsafe({
      type: 'object',
      dependentRequired: { card: ['expiry'] },
      dependentSchemas: { card: { properties: { expiry: { type: 'string' } } } },
    });
    expect(issues(card, { card: '1' })).toEqual([['/expiry', 'dependentRequired', 'is required when "card" is given']]);
    expect(issues(card, { card: '1', expiry: 12 })).toEqual([
      ['/expiry', 'type', 'must be a string, got 12 (a number)'],
    ]);
    expect(issues(card, { expiry: 12 })).toEqual([]);
  });

  it('applies then or else by the if schema', () => {
    const schema = Type.Unsafe({
      if: { properties: { kind: { const: 'file' } } },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword here
      then: { required: ['path'] },
      else: { required: ['url'] },
    });
    expect(issues(schema, { kind: 'file' })).toEqual([['/path', 'required', 'is required but missing']]);
    expect(issues(schema, { kind: 'web' })).toEqual([['/url', 'required', 'is required but missing']]);
    expect(issues(schema, { kind: 'web', url: 'u' })).toEqual([]);
  });
});

describe('compileSchema: references', () => {
  it('follows $defs and recursion through $id', () => {
    const node = Type.Recursive((self) => Type.Object({ name: Type.String(), children: Type.Array(self) }));
    expect(issues(node, { name: 'a', children: [{ name: 'b', children: [{ name: 1, children: [] }] }] })).toEqual([
      ['/children/0/children/0/name', 'type', 'must be a string, got 1 (a number)'],
    ]);
    const defs = Type.Unsafe({
      $defs: { id: { type: 'string', pattern: '^[0-9]+$' } },
      type: 'object',
      properties: { ids: { type: 'array', items: { $ref: '#/$defs/id' } } },
    });
    expect(issues(defs, { ids: ['1', 'x'] })).toEqual([
      ['/ids/1', 'pattern', 'must match the pattern /^[0-9]+$/, got "x" (a string)'],
    ]);
  });

  it('refuses what it cannot check', () => {
    expect(() => compileSchema(Type.Unsafe({ $ref: '#/$defs/missing' }))).toThrow(
      `cannot resolve $ref "#/$defs/missing": refer to '#/$defs/name' or an $id in the same schema`,
    );
    expect(() => compileSchema(Type.Unsafe({ type: 'object', unevaluatedProperties: false }))).toThrow(
      'the JSON Schema keyword "unevaluatedProperties" is not supported by the @wesgine/schema validator',
    );
  });

  it('ignores annotations and extension keywords', () => {
    const schema = Type.String({ description: 'd', 'x-wesgine-path': 'read', examples: ['a'] });
    expect(issues(schema, 'anything')).toEqual([]);
  });
});

describe('compileSchema: schema text never becomes code', () => {
  it('treats hostile names, patterns and values as data', () => {
    const hostile = `"]; globalThis.pwned = 1; //\u2028\`\${1}*/'`;
    const schema = Type.Unsafe({
      type: 'object',
      properties: { [hostile]: { type: 'string', pattern: '^"\\)$', format: hostile }, n: { enum: [hostile, 1] } },
      required: [hostile],
      additionalProperties: false,
      dependentRequired: { [hostile]: [hostile] },
    });
    expect(issues(schema, { [hostile]: '")', n: hostile })).toEqual([]);
    const found = issues(schema, { n: 2, [`x${hostile}`]: 1 });
    expect(found.map(([path, keyword]) => [path, keyword])).toEqual([
      [`/${hostile.replace(/~/g, '~0').replace(/\//g, '~1')}`, 'required'],
      ['/n', 'enum'],
      [`/x${hostile.replace(/~/g, '~0').replace(/\//g, '~1')}`, 'additionalProperties'],
    ]);
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
  });
});
