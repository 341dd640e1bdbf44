import { describe, expect, it } from 'vitest';
import { mcpSchemaToJstt, pascal } from './mcp-schema-to-jstt.js';

function convert(schema: unknown) {
  const definitions: Record<string, unknown> = {};
  const warnings: string[] = [];
  const root = mcpSchemaToJstt(schema, 'ToolArgs', definitions, (message) => warnings.push(message));
  return { root, definitions, warnings };
}

describe('mcpSchemaToJstt: a schema nobody here wrote, as json-schema-to-typescript may read it', () => {
  it('keeps the keywords that shape a type and drops the ones that would print text as code or name types', () => {
    expect(
      convert({
        type: 'object',
        title: 'Named',
        $schema: 'http://json-schema.org/draft-07/schema#',
        description: 'Args.',
        properties: {
          a: { type: 'string', tsType: 'number; injected: true', format: 'uri', minLength: 1 },
          b: { enum: ['x', 1, null, true], tsEnumNames: ['X'] },
          c: { type: ['string', 'null', 'nonsense'], const: 'k' },
          d: { anyOf: [{ type: 'number' }, true, false], deprecated: true },
          e: { type: 'array', items: [{ type: 'string' }], additionalItems: false },
        },
        required: ['a', 7],
        additionalProperties: { type: 'number' },
      }),
    ).toEqual({
      root: {
        type: 'object',
        description: 'Args.',
        required: ['a'],
        additionalProperties: { type: 'number' },
        properties: {
          a: { type: 'string' },
          b: { enum: ['x', 1, null, true] },
          c: { type: ['string', 'null'], const: 'k' },
          d: { deprecated: true, anyOf: [{ type: 'number' }, { tsType: 'unknown' }, { tsType: 'never' }] },
          e: { type: 'array', additionalItems: { tsType: 'never' }, items: [{ type: 'string' }] },
        },
      },
      definitions: {},
      warnings: [],
    });
  });

  it('lifts local definitions under the owner, rewrites their $refs and `#`, and never follows another $ref', () => {
    const { root, definitions, warnings } = convert({
      type: 'object',
      properties: {
        node: { $ref: '#/$defs/tree-node' },
        old: { $ref: '#/definitions/Old' },
        self: { $ref: '#' },
        file: { $ref: 'file:///etc/passwd' },
        deep: { $ref: '#/properties/node' },
      },
      $defs: { 'tree-node': { type: 'object', properties: { child: { $ref: '#/$defs/tree-node' } } } },
      definitions: { Old: { type: 'boolean' } },
    });
    expect(root).toEqual({
      type: 'object',
      properties: {
        node: { $ref: '#/definitions/ToolArgs_TreeNode' },
        old: { $ref: '#/definitions/ToolArgs_Old' },
        self: { $ref: '#/definitions/ToolArgs' },
        file: { tsType: 'unknown' },
        deep: { tsType: 'unknown' },
      },
    });
    expect(definitions).toEqual({
      ToolArgs_TreeNode: { type: 'object', properties: { child: { $ref: '#/definitions/ToolArgs_TreeNode' } } },
      ToolArgs_Old: { type: 'boolean' },
    });
    expect(warnings).toEqual([
      "its $ref 'file:///etc/passwd' points outside the schema and is not followed; that part is typed unknown",
      "its $ref '#/properties/node' points outside the schema and is not followed; that part is typed unknown",
    ]);
  });

  it('types unknown what nests past 64 levels, or an enum of objects, and says so', () => {
    let deep: unknown = { type: 'string' };
    for (let level = 0; level < 70; level++) deep = { type: 'array', items: deep };
    expect(convert(deep).warnings).toEqual(['it nests deeper than 64 levels; the deeper part is typed unknown']);
    expect(convert({ enum: [{ a: 1 }], type: 'object' })).toEqual({
      root: { type: 'object' },
      definitions: {},
      warnings: ['an enum holds values that are not strings, numbers, booleans or null; it is typed by its type alone'],
    });
    expect(convert('not a schema').root).toEqual({ tsType: 'unknown' });
  });

  it('makes identifiers of letters and digits only', () => {
    expect(['get-sum', 'fs/read_file', '2d', '__proto__', '', 'a.b'].map(pascal)).toEqual([
      'GetSum',
      'FsReadFile',
      'T2d',
      'Proto',
      'T',
      'AB',
    ]);
  });
});
