import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { validate } from '../validate/validate.js';
import { DIALECT_NAMES, type DialectName } from './dialect-name.js';
import { exportTool } from './export-tool.js';
import { deep, hardToolArgs, hardTools, names, optionals, shapeAsProvider, wide } from './hard-tools.test.fixture.js';
import { ANTHROPIC_PROPERTY_NAMES, GEMINI_PROPERTY_NAMES } from './property-names.js';

// Ajv's default multipleOf is a float check that refuses 0.3 for 0.01; its tolerance option is what
// a provider's own checker would need to accept the decimals the hard tools send.
const ajv = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 9 });
formats.default(ajv);

/** The schema of the arguments inside a declaration, as JSON Schema Ajv can read. */
function argumentSchema(dialect: DialectName, declaration: Record<string, unknown>): unknown {
  switch (dialect) {
    case 'openai-strict':
    case 'openai':
      return declaration.parameters;
    case 'anthropic':
      return declaration.input_schema;
    case 'gemini-json':
      return declaration.parametersJsonSchema;
    case 'mcp':
      return declaration.inputSchema;
    case 'gemini':
      return fromGemini(declaration.parameters ?? { type: 'object' });
  }
}

/** Gemini's OpenAPI subset read back as JSON Schema: `nullable` as a null type, `format: enum` values as strings. */
function fromGemini(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(fromGemini);
  if (typeof node !== 'object' || node === null) return node;
  const { nullable, format, ...rest } = node as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest))
    copy[key] = key === 'enum' || key === 'default' ? value : fromGemini(value);
  if (format === 'enum') copy.type = 'string';
  else if (format !== undefined) copy.format = format;
  if (nullable === true) {
    if (typeof copy.type === 'string') copy.type = [copy.type, 'null'];
    if (Array.isArray(copy.enum)) copy.enum = [...copy.enum, null];
    if (Array.isArray(copy.anyOf)) copy.anyOf = [...copy.anyOf, { type: 'null' }];
  }
  return copy;
}

const otherNames = hardTools.map((tool) => tool.name);

describe('hard tools: the canonical arguments', () => {
  it('are valid for their tools, and every tool has some', () => {
    for (const tool of hardTools) {
      const cases = hardToolArgs[tool.name] ?? [];
      expect(cases.length, tool.name).toBeGreaterThan(0);
      for (const args of cases) expect(validate(tool, args), tool.name).toEqual({ ok: true, value: args });
    }
    expect(Object.keys(wide.parameters.properties)).toHaveLength(150);
  });
});

describe.each(DIALECT_NAMES)('hard tools round trip: %s', (dialect) => {
  it('provider-shaped arguments fit the declaration, and decode to the canonical arguments', () => {
    let changed = 0;
    for (const tool of hardTools) {
      const exported = exportTool(tool, dialect, { otherNames });
      const check = ajv.compile(argumentSchema(dialect, exported.declaration) as object);
      for (const args of hardToolArgs[tool.name] ?? []) {
        const shaped = shapeAsProvider(tool, dialect, args);
        if (JSON.stringify(shaped) !== JSON.stringify(args)) changed += 1;
        const where = `${tool.name} ${JSON.stringify(shaped).slice(0, 200)}`;
        expect(check(shaped) ? [] : check.errors, where).toEqual([]);
        const decoded = exported.decode(shaped);
        expect(decoded, where).toEqual(args);
        expect(validate(tool, decoded).ok, where).toBe(true);
      }
    }
    // Where the provider sends something else, the round trip must have had work to do.
    const expected: Record<DialectName, boolean> = {
      'openai-strict': true,
      openai: false,
      anthropic: true,
      gemini: true,
      'gemini-json': false,
      mcp: false,
    };
    expect(changed > 0, 'shaped arguments differ from the canonical ones').toBe(expected[dialect]);
  });
});

describe('hard tools: what the shaping does', () => {
  it('openai-strict sends null for every optional property left out, at every depth', () => {
    expect(
      shapeAsProvider(optionals, 'openai-strict', { title: 'c', note: null, score: 2, nested: { size: 4 } }),
    ).toEqual({
      title: 'c',
      note: null,
      score: 2,
      nested: { size: 4, label: null },
      count: null,
      done: null,
      style: null,
    });
    // An object given empty is filled too: every one of its fields is optional.
    expect(shapeAsProvider(optionals, 'openai-strict', { title: 'd', note: null, score: 0, style: {} })).toEqual({
      title: 'd',
      note: null,
      score: 0,
      style: { bold: null, size: null },
      count: null,
      done: null,
      nested: null,
    });
  });

  it("gemini sends renamed properties and stringified enums; anthropic renames only '@type'", () => {
    const args = hardToolArgs['hard.names']?.[1];
    expect(shapeAsProvider(names, 'gemini', args)).toEqual({
      output_mode_f7c9ac65: 'files',
      output_mode: 'x',
      dry_run: false,
      _A: 2,
      _n: false,
      _2fa: 'code',
      _type: 't',
      x_y_z: { inner_key: 'k', inner_level: '2' },
      _1st_items: [{ item_id: 1, item_name: 'n' }, { item_id: 2 }],
    });
    expect(shapeAsProvider(names, 'anthropic', args)).toEqual({ ...args, '@type': undefined, _type: 't' });
  });

  it('an Optional(Union([X, Null])) left out comes back from strict mode as null, as its loss entry says', () => {
    const exported = exportTool(optionals, 'openai-strict');
    const shaped = shapeAsProvider(optionals, 'openai-strict', { title: 'a', note: null });
    expect(exported.decode(shaped)).toEqual({ title: 'a', note: null, score: null });
    expect(exported.loss.entries.find((entry) => entry.pointer === '/properties/score')?.lossy).toBe(true);
  });

  it('sends only property names each provider allows', () => {
    const propertyNames = (node: unknown): string[] => {
      if (Array.isArray(node)) return node.flatMap(propertyNames);
      if (typeof node !== 'object' || node === null) return [];
      const record = node as Record<string, unknown>;
      const own =
        typeof record.properties === 'object' && record.properties !== null ? Object.keys(record.properties) : [];
      return [...own, ...Object.values(record).flatMap(propertyNames)];
    };
    const gemini = hardTools.flatMap((tool) => propertyNames(exportTool(tool, 'gemini').declaration));
    expect(gemini.length).toBeGreaterThan(150);
    expect(gemini.filter((name) => !GEMINI_PROPERTY_NAMES.legal.test(name))).toEqual([]);
    const anthropic = hardTools.flatMap((tool) => propertyNames(exportTool(tool, 'anthropic').declaration));
    expect(anthropic).toContain('-A');
    expect(anthropic.filter((name) => !ANTHROPIC_PROPERTY_NAMES.legal.test(name))).toEqual([]);
    // Before renaming, both would have failed.
    expect(GEMINI_PROPERTY_NAMES.legal.test('-A')).toBe(false);
    expect(ANTHROPIC_PROPERTY_NAMES.legal.test('@type')).toBe(false);
  });

  it('reports what strict mode cannot take in the hard tools', () => {
    expect(exportTool(deep, 'openai-strict').loss.strictProblems).toEqual([
      '/properties/level1/properties/level2/properties/level3/properties/level4/properties/level5/properties/level6/properties/level7/properties/level8/properties/level9/properties/level10: objects nest more than 10 levels deep, over the strict limit',
    ]);
    expect(exportTool(wide, 'openai-strict').loss.strictCapable).toBe(true);
  });
});
