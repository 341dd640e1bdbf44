// Differential test: our generated check, our issue collector, TypeBox's compiler (where it is exact) and
// Ajv 2020 must agree on the validity of many generated values, valid and invalid, for a set of schemas.
import { type TSchema, Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { FORMAT_CHECKS, registerFormats } from '../formats/register-formats.js';
import { compileSchema } from './compile-schema.js';
import { compileValidator } from './compile-validator.js';
import { isTypeBoxFaithful } from './typebox-faithful.js';

registerFormats();

const VALUES_PER_SCHEMA = 1500;

const SCHEMAS: Record<string, TSchema> = {
  read: Type.Object({
    path: Type.String(),
    offset: Type.Optional(Type.Integer({ minimum: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  }),
  edit: Type.Object(
    {
      path: Type.String(),
      edits: Type.Array(
        Type.Object({
          old_string: Type.String(),
          new_string: Type.String(),
          replace_all: Type.Optional(Type.Boolean()),
        }),
        { minItems: 1, maxItems: 3 },
      ),
    },
    { additionalProperties: false },
  ),
  strings: Type.Object({
    name: Type.String({ minLength: 2, maxLength: 3 }),
    code: Type.Optional(Type.String({ pattern: '^[a-z]+$' })),
    when: Type.Optional(Type.String({ format: 'date-time' })),
    mail: Type.Optional(Type.String({ format: 'email' })),
  }),
  numbers: Type.Object({
    n: Type.Number({ exclusiveMinimum: -2, maximum: 7 }),
    i: Type.Optional(Type.Integer({ multipleOf: 5 })),
    e: Type.Optional(Type.Number({ exclusiveMaximum: 3, minimum: 0 })),
  }),
  arrays: Type.Object({
    tags: Type.Array(Type.String(), { uniqueItems: true, maxItems: 3 }),
    pair: Type.Optional(Type.Tuple([Type.String(), Type.Integer()])),
    any: Type.Optional(Type.Array(Type.Unknown(), { uniqueItems: true })),
  }),
  unions: Type.Object({
    mode: Type.Union([Type.Literal('fast'), Type.Literal('safe'), Type.Literal(3)]),
    label: Type.Union([Type.String(), Type.Null()]),
    action: Type.Optional(
      Type.Union([
        Type.Object({ kind: Type.Literal('comment'), body: Type.String() }),
        Type.Object({ kind: Type.Literal('close'), reason: Type.Integer() }, { additionalProperties: false }),
      ]),
    ),
  }),
  records: Type.Object({
    env: Type.Record(Type.String(), Type.String()),
    both: Type.Optional(Type.Intersect([Type.Object({ a: Type.String() }), Type.Object({ b: Type.Integer() })])),
    never: Type.Optional(Type.Not(Type.String())),
  }),
  recursive: Type.Recursive((self) =>
    Type.Object({ name: Type.String(), children: Type.Optional(Type.Array(self, { maxItems: 2 })) }),
  ),
  relations: Type.Unsafe({
    type: 'object',
    properties: {
      kind: { enum: ['file', 'web'] },
      path: { type: 'string', format: 'not-registered' },
      url: { type: 'string' },
      tags: { type: 'array', items: { type: 'string' }, contains: { const: 'abc' }, maxContains: 1 },
    },
    propertyNames: { pattern: '^[a-z]+$' },
    dependentRequired: { url: ['kind'] },
    dependentSchemas: { path: { properties: { tags: { minItems: 1 } } } },
    if: { properties: { kind: { const: 'file' } } },
    // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword here
    then: { required: ['path'] },
    else: { required: ['url'] },
  }),
  unsafe: Type.Unsafe({
    type: 'object',
    $defs: { id: { type: ['string', 'integer'], pattern: '^[0-9]+$', minimum: 1 } },
    properties: {
      ids: { type: 'array', items: { $ref: '#/$defs/id' }, maxItems: 3 },
      one: { oneOf: [{ type: 'integer' }, { type: 'number', minimum: 0 }] },
      tuple: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'boolean' }], items: false },
      choice: { enum: ['a', 1, null, { k: [1] }] },
      fixed: { const: { x: 1 } },
    },
    patternProperties: { '^x-': { type: 'number' } },
    additionalProperties: false,
    required: ['ids'],
  }),
};

describe('validators agree on validity', () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    it(name, () => {
      const own = compileSchema(schema);
      const validator = compileValidator(schema);
      const typeBox = isTypeBoxFaithful(schema) ? TypeCompiler.Compile(schema) : undefined;
      const ajv = ajvFor(schema);
      const random = seeded(name.length * 7919 + 17);
      let valid = 0;
      for (let round = 0; round < VALUES_PER_SCHEMA; round++) {
        const value = JSON.parse(JSON.stringify(sample(schema, schema, random, 0) ?? null));
        const expected = ajv(value);
        const context = `${name}: ${JSON.stringify(value)}`;
        expect(own.check(value), context).toBe(expected);
        expect(own.collect(value).length === 0, context).toBe(expected);
        expect(validator.check(value), context).toBe(expected);
        expect(validator.errors(value).length === 0, context).toBe(expected);
        if (typeBox !== undefined) expect(typeBox.Check(value), context).toBe(expected);
        if (expected) valid++;
      }
      // The generator must exercise both sides, or the comparison proves little.
      expect(valid).toBeGreaterThan(VALUES_PER_SCHEMA * 0.1);
      expect(valid).toBeLessThan(VALUES_PER_SCHEMA * 0.9);
    });
  }

  it("knows where TypeBox's check is exact (and so compared above)", () => {
    expect(isTypeBoxFaithful(SCHEMAS.read)).toBe(true);
    expect(isTypeBoxFaithful(SCHEMAS.recursive)).toBe(true);
    expect(isTypeBoxFaithful(SCHEMAS.strings)).toBe(false);
    expect(isTypeBoxFaithful(SCHEMAS.unsafe)).toBe(false);
  });
});

// Ajv gets our format checks: this test compares the validators; the formats have their own tests.
function ajvFor(schema: TSchema): (value: unknown) => boolean {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  for (const [format, check] of Object.entries(FORMAT_CHECKS)) ajv.addFormat(format, check);
  ajv.addFormat('not-registered', true); // an annotation only, for both
  const validate = ajv.compile(toDraft2020(JSON.parse(JSON.stringify(schema))) as Record<string, unknown>);
  return (value) => validate(value) === true;
}

// TypeBox writes tuples in the draft-07 form (`items` as an array); Ajv 2020 wants `prefixItems`.
function toDraft2020(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toDraft2020);
  if (typeof node !== 'object' || node === null) return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node))
    copy[key] = key === 'const' || key === 'enum' ? value : toDraft2020(value);
  if (Array.isArray(copy.items)) {
    copy.prefixItems = copy.items;
    copy.items = copy.additionalItems ?? true;
    delete copy.additionalItems;
  }
  return copy;
}

// ---------------------------------------------------------------------------------------------------------
// Value generation: mostly shaped by the schema (so values get deep), with random JSON mixed in at any level.

type Random = () => number;

function seeded(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

const STRINGS = [
  '',
  'a',
  'ab',
  'abc',
  'abcd',
  'ABC',
  '123',
  '0',
  '😀',
  '😀😀',
  '😀😀😀',
  'a😀',
  'fast',
  'safe',
  'comment',
  'close',
  '2024-05-01T13:45:00Z',
  '2024-02-30T10:00:00Z',
  'yesterday',
  'name@example.com',
  'name@',
  'x-a',
  'x-b',
  '~/a',
];
const NUMBERS = [-3, -2, -1.5, -1, 0, 0.5, 1, 2, 2.5, 3, 5, 7, 7.5, 10, 15, 10_000, 10_001];
const KEYS = ['path', 'name', 'a', 'b', 'x-a', 'extra', 'kind', 'ids', 'url', 'Tags'];

function arbitrary(random: Random, depth: number): unknown {
  const roll = random();
  if (roll < 0.1) return null;
  if (roll < 0.2) return random() < 0.5;
  if (roll < 0.45) return pick(random, NUMBERS);
  if (roll < 0.75 || depth > 1) return pick(random, STRINGS);
  if (roll < 0.87) return Array.from({ length: Math.floor(random() * 3) }, () => arbitrary(random, depth + 1));
  const object: Record<string, unknown> = {};
  for (let count = Math.floor(random() * 3); count > 0; count--)
    object[pick(random, KEYS)] = arbitrary(random, depth + 1);
  return object;
}

function sample(node: unknown, root: unknown, random: Random, depth: number): unknown {
  if (random() < 0.06 || depth > 6 || typeof node !== 'object' || node === null) return arbitrary(random, 0);
  const schema = node as Record<string, unknown>;
  if (typeof schema.$ref === 'string') return sample(resolve(root, schema.$ref), root, random, depth + 1);
  if ('const' in schema) return random() < 0.85 ? schema.const : arbitrary(random, 0);
  if (Array.isArray(schema.enum)) return pick(random, schema.enum);
  const branches = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (branches !== undefined) return sample(pick(random, branches), root, random, depth + 1);
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...schema.allOf.map((part) => sample(part, root, random, depth + 1)));
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? (schema.properties ? 'object' : 'any')];
  switch (pick(random, types)) {
    case 'string':
      return sampleString(schema, random);
    case 'integer':
      return Math.round(pick(random, NUMBERS));
    case 'number':
      return pick(random, NUMBERS);
    case 'boolean':
      return random() < 0.5;
    case 'null':
      return null;
    case 'array':
      return sampleArray(schema, root, random, depth);
    case 'object':
      return sampleObject(schema, root, random, depth);
    default:
      return arbitrary(random, 0);
  }
}

// Strings near the schema's limits, so that both sides of each keyword come up often.
function sampleString(schema: Record<string, unknown>, random: Random): string {
  if (random() < 0.4) return pick(random, STRINGS);
  if (schema.format === 'date-time')
    return pick(random, ['2024-05-01T13:45:00Z', '2024-05-01T25:00:00Z', '2024-05-01']);
  if (schema.format === 'email') return pick(random, ['name@example.com', 'a.b@c.org', 'name@', '@example.com']);
  if (typeof schema.pattern === 'string') return pick(random, ['abc', 'z', 'Abc', 'a1']);
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : min + 3;
  const length = Math.max(0, min - 1 + Math.floor(random() * (max - min + 3)));
  return (random() < 0.5 ? '😀' : 'x').repeat(length);
}

function sampleArray(schema: Record<string, unknown>, root: unknown, random: Random, depth: number): unknown[] {
  const prefix = (Array.isArray(schema.items) ? schema.items : schema.prefixItems) as unknown[] | undefined;
  const rest = Array.isArray(schema.items) ? undefined : schema.items;
  const length = prefix !== undefined && random() < 0.8 ? prefix.length : Math.floor(random() * 4);
  return Array.from({ length }, (_, index) =>
    sample(prefix?.[index] ?? (rest === false ? {} : rest), root, random, depth + 1),
  );
}

function sampleObject(schema: Record<string, unknown>, root: unknown, random: Random, depth: number): object {
  const object: Record<string, unknown> = {};
  const required = new Set((schema.required as string[] | undefined) ?? []);
  for (const [key, child] of Object.entries((schema.properties as Record<string, unknown> | undefined) ?? {})) {
    if (random() < (required.has(key) ? 0.95 : 0.5)) object[key] = sample(child, root, random, depth + 1);
  }
  const patterns = Object.entries((schema.patternProperties as Record<string, unknown> | undefined) ?? {});
  if (patterns.length > 0 && random() < 0.5) {
    const [pattern, child] = pick(random, patterns);
    object[pattern === '^(.*)$' ? pick(random, KEYS) : 'x-a'] = sample(child, root, random, depth + 1);
  }
  if (random() < 0.08) object[pick(random, KEYS)] = arbitrary(random, 1);
  return object;
}

function resolve(root: unknown, ref: string): unknown {
  if (ref.startsWith('#/')) {
    return ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], root);
  }
  return root; // the recursive schema refers to its own $id
}
