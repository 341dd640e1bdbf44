import { type TObject, Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { defineTool } from '../tool/define-tool.js';
import { compile } from './ajv.test.fixture.js';
import { exportTool } from './export-tool.js';
import { intersected, notStrict, runShell, SAMPLE_TOOLS } from './sample-tools.test.fixture.js';

const ALLOWED = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'enum',
  'const',
  '$ref',
  '$defs',
  'description',
  'title',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);

/** Every way `schema` breaks the OpenAI strict rules, checked independently of the exporter. */
function strictViolations(schema: unknown, pointer = ''): string[] {
  if (typeof schema !== 'object' || schema === null) return [`${pointer}: not an object schema`];
  const node = schema as Record<string, unknown>;
  const found: string[] = [];
  for (const keyword of Object.keys(node)) {
    if (!ALLOWED.has(keyword)) found.push(`${pointer}: keyword ${keyword}`);
  }
  if (node.type === undefined && node.anyOf === undefined && node.$ref === undefined) found.push(`${pointer}: no type`);
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('object')) {
    if (node.additionalProperties !== false) found.push(`${pointer}: additionalProperties is not false`);
    const properties = (node.properties ?? {}) as Record<string, unknown>;
    const required = (node.required ?? []) as string[];
    for (const name of Object.keys(properties)) {
      if (!required.includes(name)) found.push(`${pointer}/properties/${name}: not required`);
      found.push(...strictViolations(properties[name], `${pointer}/properties/${name}`));
    }
  }
  if (node.items !== undefined) found.push(...strictViolations(node.items, `${pointer}/items`));
  if (Array.isArray(node.anyOf)) {
    for (const [index, branch] of node.anyOf.entries())
      found.push(...strictViolations(branch, `${pointer}/anyOf/${index}`));
  }
  for (const [name, definition] of Object.entries((node.$defs ?? {}) as Record<string, unknown>)) {
    found.push(...strictViolations(definition, `${pointer}/$defs/${name}`));
  }
  return found;
}

describe('openai-strict rules', () => {
  it('names every construct that cannot be strict and falls back to strict: false', () => {
    const shell = exportTool(runShell, 'openai-strict');
    expect(shell.declaration.strict).toBe(false);
    expect(shell.loss.strictProblems).toEqual([
      '/properties/env: a free-form map (patternProperties, as Type.Record makes) cannot be strict; list the keys with Type.Object, or take an array of { key, value } objects',
    ]);
    const loose = exportTool(notStrict, 'openai-strict');
    expect(loose.loss.strictCapable).toBe(false);
    expect(loose.loss.strictProblems).toEqual([
      '/properties/anything: a schema without a type (Type.Any or Type.Unknown) is not supported in strict mode',
      "/properties/pair: 'prefixItems' is not supported in strict mode",
      '/properties/notEmpty: a schema without a type (Type.Any or Type.Unknown) is not supported in strict mode',
      "/properties/notEmpty: 'not' is not supported in strict mode",
      '/properties/bag: a free-form map (additionalProperties: true) cannot be strict; list the keys with Type.Object, or take an array of { key, value } objects',
    ]);
  });

  it('treats an object without properties as a free-form map', () => {
    const bare = defineTool({
      name: 'bare',
      description: 'Any object.',
      parameters: Type.Object({ options: Type.Unsafe<object>({ type: 'object' }) }),
    });
    const exported = exportTool(bare, 'openai-strict');
    expect(exported.loss.strictProblems).toEqual([
      '/properties/options: an object without properties is a free-form map and cannot be strict; list the keys with Type.Object, or take an array of { key, value } objects',
    ]);
    expect(exported.declaration.parameters).toEqual({
      type: 'object',
      required: ['options'],
      properties: { options: { type: 'object' } },
      additionalProperties: false,
    });
  });

  it('drops keywords beside a recursive $ref', () => {
    const node = { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/Node' } } } };
    const tree = defineTool({
      name: 'tree',
      description: 'A tree.',
      parameters: Type.Object(
        { tree: Type.Unsafe<object>({ $ref: '#/$defs/Node', description: 'The tree.' }) },
        { $defs: { Node: node } },
      ),
    });
    const exported = exportTool(tree, 'openai-strict');
    expect(exported.loss.strictCapable).toBe(true);
    expect((exported.declaration.parameters as { properties: unknown }).properties).toEqual({
      tree: { $ref: '#/$defs/Node' },
    });
    expect(exported.loss.entries).toContainEqual({
      pointer: '/properties/tree',
      keyword: 'description',
      action: 'dropped',
      detail: 'strict mode takes no keyword beside $ref',
      lossy: false,
    });
  });

  it('reports nesting over 10 levels', () => {
    let inner: TObject = Type.Object({ leaf: Type.String() });
    for (let level = 0; level < 10; level += 1) inner = Type.Object({ inner });
    const deep = defineTool({ name: 'deep', description: 'Deep.', parameters: inner });
    expect(exportTool(deep, 'openai-strict').loss.strictProblems).toEqual([
      '/properties/inner/properties/inner/properties/inner/properties/inner/properties/inner/properties/inner/properties/inner/properties/inner/properties/inner/properties/inner: objects nest more than 10 levels deep, over the strict limit',
    ]);
  });

  it('passes an independent strict-rules check for every strict-capable export', () => {
    const capable = [...SAMPLE_TOOLS, intersected]
      .map((tool) => exportTool(tool, 'openai-strict'))
      .filter((exported) => exported.loss.strictCapable);
    expect(capable.map((exported) => exported.loss.tool)).toEqual([
      'fs.read',
      'edit',
      'web_search',
      'draw.tree',
      'merge',
    ]);
    for (const exported of capable) {
      expect(exported.declaration.strict, exported.name).toBe(true);
      expect(strictViolations(exported.declaration.parameters), exported.name).toEqual([]);
    }
  });

  it('compiles under Ajv 2020-12 in strict mode', () => {
    for (const tool of [...SAMPLE_TOOLS, intersected, notStrict]) {
      const parameters = exportTool(tool, 'openai-strict').declaration.parameters;
      expect(
        () => compile(parameters, { strict: !['loose', 'shell.run'].includes(tool.name) }),
        tool.name,
      ).not.toThrow();
    }
  });
});
