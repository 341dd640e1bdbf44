// Hard schemas for the dialect round trips, and arguments shaped as each provider sends them. Named
// `*.test.fixture.ts`: not a test, not shipped. The end-to-end round trips (test/e2e, over HTTP and
// through the agent loop) import it by relative path: `hardTools`, `hardToolArgs` and `shapeAsProvider`
// work for any tool, the built-ins and the example pack's too, not only these.
import { type TSchema, Type } from '@sinclair/typebox';
import { type AnyToolDefinition, defineTool } from '../tool/define-tool.js';
import type { DialectName } from './dialect-name.js';
import {
  ANTHROPIC_PROPERTY_NAMES,
  GEMINI_PROPERTY_NAMES,
  type PropertyNameRule,
  providerPropertyNames,
} from './property-names.js';
import { resolvedSchema } from './resolved-schema.js';
import { isRecord, type SchemaNode, typesOf } from './schema-node.js';

/** Optional and nullable fields, the strict-mode ambiguity `Optional(Union([X, Null]))` among them. */
export const optionals = defineTool({
  name: 'hard.optionals',
  description: 'Optional, nullable and optional-nullable fields.',
  parameters: Type.Object({
    title: Type.String(),
    count: Type.Optional(Type.Integer()),
    note: Type.Union([Type.String(), Type.Null()]),
    score: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    done: Type.Optional(Type.Boolean()),
    nested: Type.Optional(
      Type.Object({ label: Type.Optional(Type.String()), size: Type.Union([Type.Integer(), Type.Null()]) }),
    ),
    // Every field optional, so `{}` is a value of its own: strict mode fills it with nulls.
    style: Type.Optional(
      Type.Object({ bold: Type.Optional(Type.Boolean()), size: Type.Optional(Type.Integer({ minimum: 1 })) }),
    ),
  }),
});

/** Unions of objects, of primitives, and in arrays. */
export const unions = defineTool({
  name: 'hard.unions',
  description: 'Unions.',
  parameters: Type.Object({
    shape: Type.Union([
      Type.Object({ kind: Type.Literal('circle'), radius: Type.Number() }),
      Type.Object({
        kind: Type.Literal('rect'),
        width: Type.Number(),
        height: Type.Number(),
        rounded: Type.Optional(Type.Boolean()),
      }),
    ]),
    value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]),
    items: Type.Array(
      Type.Union([Type.String(), Type.Object({ id: Type.Integer(), tag: Type.Optional(Type.String()) })]),
    ),
    both: Type.Intersect([Type.Object({ a: Type.String() }), Type.Object({ b: Type.Optional(Type.Integer()) })]),
  }),
});

/** Recursive trees: one with an id TypeBox makes up, one with an id of its own and children required. */
export const recursion = defineTool({
  name: 'hard.recursion',
  description: 'Trees.',
  parameters: Type.Object({
    tree: Type.Recursive((This) =>
      Type.Object({
        name: Type.String(),
        weight: Type.Optional(Type.Number()),
        children: Type.Optional(Type.Array(This)),
      }),
    ),
    folder: Type.Optional(
      Type.Recursive((This) => Type.Object({ label: Type.String(), children: Type.Array(This) }), {
        $id: 'HardFolder',
      }),
    ),
  }),
});

/** Maps whose keys are data, dots and dashes included: no dialect renames them. */
export const maps = defineTool({
  name: 'hard.maps',
  description: 'Maps.',
  parameters: Type.Object({
    env: Type.Record(Type.String(), Type.String()),
    counts: Type.Record(Type.String(), Type.Integer()),
    flags: Type.Optional(
      Type.Record(Type.String(), Type.Object({ on: Type.Boolean(), note: Type.Optional(Type.String()) })),
    ),
  }),
});

/** Tuples. */
export const tuples = defineTool({
  name: 'hard.tuples',
  description: 'Tuples.',
  parameters: Type.Object({
    point: Type.Tuple([Type.Number(), Type.Number()]),
    entry: Type.Tuple([Type.String(), Type.Integer(), Type.Boolean()]),
    path: Type.Optional(Type.Array(Type.Tuple([Type.Integer(), Type.Integer()]))),
  }),
});

/** Number, boolean and mixed enums, as Gemini sends as strings. */
export const enums = defineTool({
  name: 'hard.enums',
  description: 'Enums.',
  parameters: Type.Object({
    level: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
    ratio: Type.Union([Type.Literal(0.5), Type.Literal(1.5)]),
    flag: Type.Union([Type.Literal(true), Type.Literal(false)]),
    always: Type.Literal(true),
    mixed: Type.Union([Type.Literal('auto'), Type.Literal(0), Type.Literal(false)]),
    size: Type.Optional(Type.Union([Type.Literal(10), Type.Literal(20)])),
    levels: Type.Array(Type.Union([Type.Literal(1), Type.Literal(2)])),
    sizes: Type.Optional(Type.Array(Type.Union([Type.Literal(10), Type.Literal(20)]))),
    mode: Type.Union([Type.Literal('fast'), Type.Literal('deep')]),
  }),
});

/** String formats. */
export const formats = defineTool({
  name: 'hard.formats',
  description: 'Formats.',
  parameters: Type.Object({
    when: Type.String({ format: 'date-time' }),
    day: Type.String({ format: 'date' }),
    email: Type.String({ format: 'email' }),
    id: Type.String({ format: 'uuid' }),
    site: Type.Optional(Type.String({ format: 'uri' })),
    ip: Type.Optional(Type.String({ format: 'ipv4' })),
  }),
});

/**
 * Decimal steps a float remainder gets wrong (0.3 and 1.1 of 0.01, 0.3 and 2.2 of 0.1), and steps of
 * powers of two: `multipleOf` is checked exactly, decimal by decimal.
 */
export const decimals = defineTool({
  name: 'hard.decimals',
  description: 'Decimal steps.',
  parameters: Type.Object({
    price: Type.Number({ multipleOf: 0.01, minimum: 0 }),
    step: Type.Number({ multipleOf: 0.25 }),
    rate: Type.Optional(Type.Number({ multipleOf: 0.001 })),
    prices: Type.Optional(Type.Array(Type.Number({ multipleOf: 0.01 }))),
    tenth: Type.Optional(Type.Number({ multipleOf: 0.1 })),
    half: Type.Optional(Type.Number({ multipleOf: 0.5, maximum: 10 })),
  }),
});

const WIDE_PROPERTIES: Record<string, TSchema> = {};
for (let index = 0; index < 150; index += 1) {
  const name = `p${String(index).padStart(3, '0')}`;
  const kinds = [Type.String(), Type.Integer(), Type.Boolean(), Type.Number(), Type.Array(Type.String())];
  const schema = kinds[index % kinds.length] as TSchema;
  WIDE_PROPERTIES[name] = index % 2 === 0 ? schema : Type.Optional(schema);
}

/** 150 properties, every other one optional. */
export const wide = defineTool({
  name: 'hard.wide',
  description: 'One hundred and fifty properties.',
  parameters: Type.Object(WIDE_PROPERTIES),
});

function nest(level: number): TSchema {
  if (level > 12) return Type.Object({ leaf: Type.String(), extra: Type.Optional(Type.Integer()) });
  // Each level after the first may be left out: a chain of optional objects that can stop anywhere.
  const next = level === 1 ? nest(2) : Type.Optional(nest(level + 1));
  return Type.Object({ [`level${level}`]: next, [`note${level}`]: Type.Optional(Type.String()) });
}

/** Objects 12 levels deep (13 with the root), optional from the second, an optional property at each level. */
export const deep = defineTool({
  name: 'hard.deep',
  description: 'Twelve levels of nesting.',
  parameters: nest(1) as ReturnType<typeof Type.Object>,
});

/** Property names providers forbid: dots, dashes, leading digits, '@', and a collision once mapped. */
export const names = defineTool({
  name: 'hard.names',
  description: 'Property names with dots, dashes and leading digits.',
  parameters: Type.Object({
    'output.mode': Type.Union([Type.Literal('lines'), Type.Literal('files')]),
    output_mode: Type.Optional(Type.String()),
    'dry-run': Type.Optional(Type.Boolean()),
    '-A': Type.Optional(Type.Integer({ minimum: 0 })),
    '-n': Type.Boolean(),
    '2fa': Type.Optional(Type.String()),
    '@type': Type.String(),
    'x-y.z': Type.Optional(
      Type.Object({
        'inner-key': Type.String(),
        'inner.level': Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
      }),
    ),
    '1st-items': Type.Array(Type.Object({ 'item-id': Type.Integer(), 'item.name': Type.Optional(Type.String()) })),
  }),
});

export const hardTools: readonly AnyToolDefinition[] = [
  optionals,
  unions,
  recursion,
  maps,
  tuples,
  enums,
  formats,
  decimals,
  wide,
  deep,
  names,
];

/** The wide tool's arguments: its optional properties none, some (every third) or all given. */
function wideArgs(optionals: 'none' | 'some' | 'all'): Record<string, unknown> {
  const values = ['text', 7, true, 2.5, ['a', 'b']];
  const args: Record<string, unknown> = {};
  for (let index = 0; index < 150; index += 1) {
    const given = index % 2 === 0 || optionals === 'all' || (optionals === 'some' && index % 3 === 0);
    if (given) args[`p${String(index).padStart(3, '0')}`] = values[index % values.length];
  }
  return args;
}

function deepArgs(withNotes: boolean): Record<string, unknown> {
  let node: Record<string, unknown> = withNotes ? { leaf: 'bottom', extra: 1 } : { leaf: 'bottom' };
  for (let level = 12; level >= 1; level -= 1) {
    node = { [`level${level}`]: node, ...(withNotes ? { [`note${level}`]: `n${level}` } : {}) };
  }
  return node;
}

/**
 * Valid canonical arguments for each hard tool, by tool name. An `Optional(Union([X, Null]))` property
 * is always present: strict mode cannot leave it out, so an absent one comes back as `null` (see the
 * strict loss report), which is not the canonical value.
 */
export const hardToolArgs: Readonly<Record<string, readonly Record<string, unknown>[]>> = {
  'hard.optionals': [
    { title: 'a', note: null, score: null },
    { title: 'b', count: 3, note: 'n', score: 1.5, done: false, nested: { label: 'l', size: null } },
    { title: 'c', note: null, score: 2, nested: { size: 4 } },
    { title: 'd', note: null, score: 0, style: {} },
    { title: 'e', note: 'n', score: null, count: 0, style: { bold: true, size: 12 } },
  ],
  'hard.unions': [
    { shape: { kind: 'circle', radius: 2 }, value: 'x', items: ['a', { id: 1 }], both: { a: 'a' } },
    {
      shape: { kind: 'rect', width: 1, height: 2 },
      value: 5,
      items: [{ id: 2, tag: 't' }],
      both: { a: 'a', b: 1 },
    },
    { shape: { kind: 'rect', width: 1, height: 2, rounded: true }, value: false, items: [], both: { a: '' } },
    { shape: { kind: 'circle', radius: 0.5 }, value: 4.5, items: ['', { id: 0, tag: '' }], both: { a: 'a', b: 0 } },
  ],
  'hard.recursion': [
    { tree: { name: 'root' } },
    {
      tree: {
        name: 'root',
        weight: 1,
        children: [{ name: 'a', children: [{ name: 'b', weight: 0.5, children: [{ name: 'c' }] }] }, { name: 'd' }],
      },
    },
    {
      tree: { name: 'root', children: [] },
      folder: {
        label: 'top',
        children: [
          { label: 'a', children: [{ label: 'a1', children: [] }] },
          { label: 'b', children: [] },
        ],
      },
    },
  ],
  'hard.maps': [
    { env: {}, counts: {} },
    {
      env: { 'LC-ALL': 'C', 'a.b': 'x', '-A': 'y' },
      counts: { '2fa': 1 },
      flags: { 'dry-run': { on: true }, x: { on: false, note: 'n' } },
    },
  ],
  'hard.tuples': [
    { point: [0, 1.5], entry: ['a', 1, true] },
    {
      point: [-1, 2],
      entry: ['', 0, false],
      path: [
        [1, 2],
        [3, 4],
      ],
    },
  ],
  'hard.enums': [
    { level: 1, ratio: 0.5, flag: true, always: true, mixed: 'auto', levels: [], mode: 'fast' },
    { level: 3, ratio: 1.5, flag: false, always: true, mixed: 0, size: 20, levels: [1, 2, 2], mode: 'deep' },
    { level: 2, ratio: 0.5, flag: false, always: true, mixed: false, size: 10, levels: [2], mode: 'deep' },
    { level: 1, ratio: 1.5, flag: true, always: true, mixed: 'auto', levels: [1], sizes: [20, 10], mode: 'fast' },
  ],
  'hard.formats': [
    {
      when: '2024-05-01T13:45:00Z',
      day: '2024-05-01',
      email: 'a@example.com',
      id: '123e4567-e89b-12d3-a456-426614174000',
    },
    {
      when: '2024-05-01T13:45:00+02:00',
      day: '2024-02-29',
      email: 'x.y@example.org',
      id: '00000000-0000-4000-8000-000000000000',
      site: 'https://example.com/a?b=c',
      ip: '192.168.0.1',
    },
  ],
  'hard.decimals': [
    { price: 0.3, step: 0.75 },
    { price: 1.1, step: -2.5, rate: 0.007, prices: [0.07, 19.99, 100] },
    { price: 0, step: 0.5, tenth: 0.3, half: 7.5 },
    { price: 12.25, step: 3, tenth: 2.2, half: 10 },
  ],
  'hard.wide': [wideArgs('none'), wideArgs('some'), wideArgs('all')],
  'hard.deep': [
    deepArgs(false),
    deepArgs(true),
    { level1: { level2: { level3: {} } } },
    { note1: 'a', level1: { note2: 'b', level2: {} } },
  ],
  'hard.names': [
    { 'output.mode': 'lines', '-n': true, '@type': 't', '1st-items': [] },
    {
      'output.mode': 'files',
      output_mode: 'x',
      'dry-run': false,
      '-A': 2,
      '-n': false,
      '2fa': 'code',
      '@type': 't',
      'x-y.z': { 'inner-key': 'k', 'inner.level': 2 },
      '1st-items': [{ 'item-id': 1, 'item.name': 'n' }, { 'item-id': 2 }],
    },
  ],
};

const RENAME_RULES: Partial<Record<DialectName, PropertyNameRule>> = {
  gemini: GEMINI_PROPERTY_NAMES,
  anthropic: ANTHROPIC_PROPERTY_NAMES,
};

/**
 * `args` (valid canonical arguments of `tool`) as `dialect`'s provider sends them back, driven by the
 * tool's own schema: `openai-strict` sends `null` for every optional property left out (it must send
 * them all); `gemini` sends renamed property names and number and boolean enum values as strings;
 * `anthropic` sends renamed property names (only names outside `[A-Za-z0-9_.-]{1,64}`); the others send
 * the arguments as they are. A fresh value; `args` is not changed.
 */
export function shapeAsProvider(tool: AnyToolDefinition, dialect: DialectName, args: unknown): unknown {
  const root = resolvedSchema(tool.name, tool.parameters, 'hoist');
  const definitions = isRecord(root.$defs) ? root.$defs : {};
  const deref = (node: unknown): unknown => {
    let current = node;
    for (let hops = 0; hops < 32 && isRecord(current) && typeof current.$ref === 'string'; hops += 1) {
      const ref: string = current.$ref;
      current = ref === '#' ? root : definitions[ref.slice('#/$defs/'.length)];
    }
    return current;
  };
  const rule = RENAME_RULES[dialect];
  const strict = dialect === 'openai-strict';
  const gemini = dialect === 'gemini';

  const literals = (node: unknown): unknown[] => {
    const current = deref(node);
    if (!isRecord(current)) return [];
    const found: unknown[] = [];
    if ('const' in current) found.push(current.const);
    if (Array.isArray(current.enum)) found.push(...current.enum);
    for (const branch of [...asArray(current.anyOf), ...asArray(current.oneOf)]) found.push(...literals(branch));
    return found;
  };
  /** The object schemas that describe `value` at `node`: the node, its allOf parts, the fitting branch. */
  const objectParts = (node: unknown, value: Record<string, unknown>): SchemaNode[] => {
    const current = deref(node);
    if (!isRecord(current)) return [];
    const parts: SchemaNode[] = [current];
    for (const part of asArray(current.allOf)) parts.push(...objectParts(part, value));
    const branches = [...asArray(current.anyOf), ...asArray(current.oneOf)].map(deref).filter(isRecord);
    const objects = branches.filter((branch) => typesOf(branch).includes('object') || isRecord(branch.properties));
    const keys = Object.keys(value);
    const fits = (branch: SchemaNode) => {
      const properties = isRecord(branch.properties) ? branch.properties : {};
      const required = asArray(branch.required);
      const open = branch.additionalProperties !== undefined && branch.additionalProperties !== false;
      return (
        required.every((name) => typeof name === 'string' && name in value) &&
        (open || keys.every((key) => key in properties)) &&
        keys.every(
          (key) =>
            !isRecord(properties[key]) ||
            !('const' in (properties[key] as SchemaNode)) ||
            (properties[key] as SchemaNode).const === value[key],
        )
      );
    };
    const branch = objects.find(fits) ?? objects[0];
    if (branch !== undefined) parts.push(...objectParts(branch, value));
    return parts;
  };
  const arrayNode = (node: unknown): SchemaNode | undefined => {
    const current = deref(node);
    if (!isRecord(current)) return undefined;
    if (current.items !== undefined || current.prefixItems !== undefined) return current;
    for (const branch of [...asArray(current.anyOf), ...asArray(current.oneOf)]) {
      const found = arrayNode(branch);
      if (found !== undefined) return found;
    }
    return undefined;
  };

  const shape = (node: unknown, value: unknown): unknown => {
    if (gemini && (typeof value === 'number' || typeof value === 'boolean') && literals(node).includes(value)) {
      return String(value);
    }
    if (Array.isArray(value)) {
      const array = arrayNode(node);
      const prefix = asArray(array?.prefixItems);
      return value.map((item, index) => shape(prefix[index] ?? array?.items, item));
    }
    if (!isRecord(value)) return value;
    const parts = objectParts(node, value);
    const properties: SchemaNode = {};
    for (const part of parts) if (isRecord(part.properties)) Object.assign(properties, part.properties);
    const patterns = parts.flatMap((part) =>
      isRecord(part.patternProperties) ? Object.entries(part.patternProperties) : [],
    );
    const additional = parts.map((part) => part.additionalProperties).find(isRecord);
    const renames = new Map<string, string>();
    for (const part of parts) {
      if (rule === undefined || !isRecord(part.properties)) continue;
      for (const [canonical, provider] of providerPropertyNames(Object.keys(part.properties), rule)) {
        renames.set(canonical, provider);
      }
    }
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const declared = Object.hasOwn(properties, key);
      // A key no property names takes the schema of the first pattern it matches, else the rest's.
      const pattern = patterns.find(([source]) => new RegExp(source, 'u').test(key));
      const child = declared ? properties[key] : (pattern?.[1] ?? additional);
      out[declared ? (renames.get(key) ?? key) : key] = child === undefined ? item : shape(child, item);
    }
    if (strict) {
      for (const name of Object.keys(properties)) if (!(name in value)) out[name] = null;
    }
    return out;
  };
  return shape(root, structuredClone(args));
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
