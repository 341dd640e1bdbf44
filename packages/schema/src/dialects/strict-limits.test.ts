import { type TSchema, Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { defineTool } from '../tool/define-tool.js';
import { validate } from '../validate/validate.js';
import { exportTool } from './export-tool.js';
import { intersected } from './sample-tools.test.fixture.js';

function toolOf(properties: Record<string, TSchema>) {
  return defineTool({ name: 'sized', description: 'Sized.', parameters: Type.Object(properties) });
}

const literals = (count: number, text: (index: number) => string = (index) => `v${index}`) =>
  Type.Union(Array.from({ length: count }, (_, index) => Type.Literal(text(index))));

describe("OpenAI strict mode's size limits", () => {
  it('refuses a 1,001-value union of constants, and takes 1,000', () => {
    const over = exportTool(toolOf({ pick: literals(1001) }), 'openai-strict');
    expect(over.loss.strictProblems).toEqual([
      '/: 1001 enum values in all (enum and const values, unions of literals included), over the strict limit of 1000',
    ]);
    expect(over.loss.strictCapable).toBe(false);
    expect(over.declaration.strict).toBe(false);
    // The non-strict OpenAI dialect judges strict mode the same way.
    expect(exportTool(toolOf({ pick: literals(1001) }), 'openai').loss.strictProblems).toEqual(
      over.loss.strictProblems,
    );
    const at = exportTool(toolOf({ pick: literals(1000) }), 'openai-strict');
    expect(at.loss.strictProblems).toEqual([]);
    expect(at.declaration.strict).toBe(true);
  });

  it('counts enum values across all enums, the null of an optional enum included', () => {
    const many = (count: number) =>
      Type.Unsafe<string>({ type: 'string', enum: Array.from({ length: count }, (_, i) => `e${i}`) });
    const exported = exportTool(toolOf({ a: many(600), b: Type.Optional(many(400)) }), 'openai-strict');
    expect(exported.loss.strictProblems).toEqual([
      '/: 1001 enum values in all (enum and const values, unions of literals included), over the strict limit of 1000',
    ]);
  });

  it('refuses a string enum of more than 250 values over 15,000 characters', () => {
    const long = (index: number) => `${String(index).padStart(3, '0')}${'x'.repeat(57)}`;
    const over = exportTool(toolOf({ pick: literals(251, long) }), 'openai-strict');
    expect(over.loss.strictProblems).toEqual([
      '/properties/pick: an enum of 251 strings, 15060 characters in all, is over the strict limit of 15000 characters for an enum of more than 250 values',
    ]);
    // 250 values may be longer: the limit is for enums of more than 250.
    const wide = (index: number) => `${String(index).padStart(3, '0')}${'x'.repeat(97)}`;
    expect(exportTool(toolOf({ pick: literals(250, wide) }), 'openai-strict').loss.strictProblems).toEqual([]);
  });

  it('refuses more than 120,000 characters of names and values', () => {
    const properties: Record<string, TSchema> = {};
    for (let index = 0; index < 1100; index += 1)
      properties[`${String(index).padStart(4, '0')}${'p'.repeat(106)}`] = Type.String();
    const exported = exportTool(toolOf(properties), 'openai-strict');
    expect(exported.loss.strictProblems).toEqual([
      '/: 121000 characters of property names, definition names, enum and const values in all, over the strict limit of 120000',
    ]);
  });

  it('refuses more than 5,000 properties in all', () => {
    const inner: Record<string, TSchema> = {};
    for (let index = 0; index < 2500; index += 1) inner[`p${index}`] = Type.Boolean();
    const exported = exportTool(toolOf({ a: Type.Object(inner), b: Type.Object(inner) }), 'openai-strict');
    expect(exported.loss.strictProblems).toEqual(['/: 5002 properties in all, over the strict limit of 5000']);
  });
});

describe('strict mode and Optional(Union([X, Null]))', () => {
  const patch = defineTool({
    name: 'patch',
    description: 'Patch a record.',
    parameters: Type.Object({ note: Type.Optional(Type.Union([Type.String(), Type.Null()])) }),
  });

  it('reports that the model can no longer leave it out, and how null decodes', () => {
    const exported = exportTool(patch, 'openai-strict');
    expect(exported.loss.entries).toEqual([
      {
        pointer: '/properties/note',
        keyword: 'required',
        action: 'rewritten',
        detail:
          'optional and nullable: sent as required, so the model can no longer leave it out and sends null for both "absent" and "null"; the decoder keeps the null, so the tool never sees it left out',
        lossy: true,
      },
    ]);
    expect(exported.loss.lossless).toBe(false);
    expect(exported.loss.strictCapable).toBe(true);
    expect(exported.declaration.parameters).toEqual({
      type: 'object',
      properties: { note: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
      required: ['note'],
      additionalProperties: false,
    });
  });

  it('decodes null as null, as the report says', () => {
    const exported = exportTool(patch, 'openai-strict');
    expect(exported.decode({ note: null })).toEqual({ note: null });
    expect(validate(patch, exported.decode({ note: null }))).toEqual({ ok: true, value: { note: null } });
    expect(exported.decode({ note: 'x' })).toEqual({ note: 'x' });
  });
});

describe("Anthropic's strict judgement of allOf", () => {
  it('judges an allOf of objects as the object it makes, not as a free-form map', () => {
    expect(exportTool(intersected, 'anthropic').loss.strictProblems).toEqual([]);
    const closed = toolOf({
      both: Type.Intersect([Type.Object({ a: Type.String() }), Type.Object({ b: Type.Number() })], {
        unevaluatedProperties: false,
      }),
    });
    const exported = exportTool(closed, 'anthropic');
    expect(exported.loss.strictProblems).toEqual([]);
    expect(exported.loss.strictCapable).toBe(true);
  });

  it('still refuses what merging cannot fix inside an allOf', () => {
    const overlapping = toolOf({
      both: Type.Intersect([
        Type.Object({ a: Type.String() }),
        Type.Object({ a: Type.String(), b: Type.Record(Type.String(), Type.String()) }),
      ]),
    });
    expect(exportTool(overlapping, 'anthropic').loss.strictProblems).toEqual([
      '/properties/both/allOf/1/properties/b: a free-form map (patternProperties, as Type.Record makes) cannot be strict; list the keys with Type.Object, or take an array of { key, value } objects',
    ]);
  });
});
