import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { defineTool } from '../tool/define-tool.js';
import { validate } from '../validate/validate.js';
import { exportTool } from './export-tool.js';
import { valueAtPointer } from './json-pointer.js';
import { ANTHROPIC_PROPERTY_NAMES, GEMINI_PROPERTY_NAMES, providerPropertyNames } from './property-names.js';

/** grep's flags as a model sees them, nested, in an array, in a union, recursive, beside a map. */
const grepLike = defineTool({
  name: 'grep',
  description: 'Search files.',
  parameters: Type.Object({
    pattern: Type.String(),
    '-A': Type.Optional(Type.Integer({ minimum: 0 })),
    '-B': Type.Optional(Type.Integer({ minimum: 0 })),
    '-C': Type.Optional(Type.Integer({ minimum: 0 })),
    '-i': Type.Optional(Type.Boolean()),
    '-n': Type.Boolean(),
    'output.mode': Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
    output_mode: Type.Optional(Type.String()),
    '2fa': Type.Optional(Type.String()),
    globs: Type.Array(Type.Object({ 'glob-pattern': Type.String(), 'case.sensitive': Type.Boolean() })),
    target: Type.Union([
      Type.Object({ 'file-path': Type.String() }, { additionalProperties: false }),
      Type.Object({ 'dir-path': Type.String(), 'max-depth': Type.Integer() }, { additionalProperties: false }),
    ]),
    tree: Type.Recursive((This) =>
      Type.Object({ 'node-name': Type.String(), 'child-nodes': Type.Optional(Type.Array(This)) }),
    ),
    env: Type.Record(Type.String(), Type.String()),
  }),
});

/** The value at `pointer` inside `root`. */
const at = (root: unknown, pointer: string): unknown => valueAtPointer(root, pointer);
/** The keys of the object at `pointer` inside `root`. */
const keysAt = (root: unknown, pointer: string): string[] => Object.keys(at(root, pointer) as object);

const canonical = {
  pattern: 'TODO',
  '-A': 2,
  '-n': true,
  'output.mode': 2,
  output_mode: 'lines',
  '2fa': 'x',
  globs: [{ 'glob-pattern': '*.ts', 'case.sensitive': false }],
  target: { 'dir-path': 'src', 'max-depth': 3 },
  tree: { 'node-name': 'a', 'child-nodes': [{ 'node-name': 'b', 'child-nodes': [{ 'node-name': 'c' }] }] },
  env: { 'LC-ALL': 'C', 'a.b': 'x' },
};

describe('property names the provider forbids', () => {
  it('maps names deterministically, keeps legal ones and resolves collisions with a hash', () => {
    const names = ['-A', '-i', 'a.b', 'a_b', '2fa', 'ok', '', 'x'.repeat(70)];
    const mapped = providerPropertyNames(names, GEMINI_PROPERTY_NAMES);
    expect(Object.fromEntries(mapped)).toEqual({
      '-A': '_A',
      '-i': '_i',
      'a.b': 'a_b_108bf50c',
      '2fa': '_2fa',
      '': '_',
      ['x'.repeat(70)]: `${'x'.repeat(55)}_77f3c97d`,
    });
    expect(Object.fromEntries(providerPropertyNames(names, GEMINI_PROPERTY_NAMES))).toEqual(Object.fromEntries(mapped));
    // Anthropic takes '.', '-' and leading digits; only the empty and the long name change there.
    expect(Object.fromEntries(providerPropertyNames(names, ANTHROPIC_PROPERTY_NAMES))).toEqual({
      '': '_',
      ['x'.repeat(70)]: `${'x'.repeat(55)}_77f3c97d`,
    });
    for (const provider of mapped.values()) expect(provider).toMatch(GEMINI_PROPERTY_NAMES.legal);
  });

  it('sends Gemini legal names at every depth, required renamed, and lists each rename', () => {
    const exported = exportTool(grepLike, 'gemini');
    const parameters = exported.declaration.parameters;
    expect(keysAt(parameters, '/properties')).toEqual([
      'pattern',
      '_A',
      '_B',
      '_C',
      '_i',
      '_n',
      'output_mode_f7c9ac65',
      'output_mode',
      '_2fa',
      'globs',
      'target',
      'tree',
      'env',
    ]);
    expect(at(parameters, '/required')).toEqual(['pattern', '_n', 'globs', 'target', 'tree', 'env']);
    expect(keysAt(parameters, '/properties/globs/items/properties')).toEqual(['glob_pattern', 'case_sensitive']);
    expect(at(parameters, '/properties/globs/items/required')).toEqual(['glob_pattern', 'case_sensitive']);
    expect(keysAt(parameters, '/properties/target/anyOf/0/properties')).toEqual(['file_path']);
    expect(keysAt(parameters, '/properties/target/anyOf/1/properties')).toEqual(['dir_path', 'max_depth']);
    expect(keysAt(parameters, '/properties/tree/properties')).toEqual(['node_name', 'child_nodes']);
    const all = JSON.stringify(exported.declaration);
    expect(all).not.toMatch(/"[^"]*[.-][^"]*":/);
    expect(exported.propertyNames.slice(0, 7)).toEqual([
      { pointer: '/properties/_A', provider: '_A', canonical: '-A' },
      { pointer: '/properties/_B', provider: '_B', canonical: '-B' },
      { pointer: '/properties/_C', provider: '_C', canonical: '-C' },
      { pointer: '/properties/_i', provider: '_i', canonical: '-i' },
      { pointer: '/properties/_n', provider: '_n', canonical: '-n' },
      { pointer: '/properties/output_mode_f7c9ac65', provider: 'output_mode_f7c9ac65', canonical: 'output.mode' },
      { pointer: '/properties/_2fa', provider: '_2fa', canonical: '2fa' },
    ]);
    expect(exported.propertyNames.map((entry) => entry.pointer)).toContain(
      '/properties/target/anyOf/1/properties/max_depth',
    );
    const entry = exported.loss.entries.find((item) => item.pointer === '/properties/_A');
    expect(entry).toEqual({
      pointer: '/properties/_A',
      keyword: 'properties',
      action: 'rewritten',
      detail:
        'property "-A" sent as "_A" (Gemini takes letters, digits and \'_\', not starting with a digit, up to 64); the decoder names it back',
      lossy: false,
    });
    expect(exported.loss.warnings.some((warning) => warning.includes('property names'))).toBe(false);
  });

  it('decodes Gemini names back at every depth, through arrays, unions and recursion, maps untouched', () => {
    const exported = exportTool(grepLike, 'gemini');
    const sent = {
      pattern: 'TODO',
      _A: 2,
      _n: true,
      output_mode_f7c9ac65: '2',
      output_mode: 'lines',
      _2fa: 'x',
      globs: [{ glob_pattern: '*.ts', case_sensitive: false }],
      target: { dir_path: 'src', max_depth: 3 },
      tree: { node_name: 'a', child_nodes: [{ node_name: 'b', child_nodes: [{ node_name: 'c' }] }] },
      env: { 'LC-ALL': 'C', 'a.b': 'x' },
    };
    const decoded = exported.decode(sent);
    expect(decoded).toEqual(canonical);
    expect(validate(grepLike, decoded)).toEqual({ ok: true, value: canonical });
    // Unrenamed, the call fails validation: the test above can fail.
    expect(validate(grepLike, sent).ok).toBe(false);
  });

  it('keeps a provider name as sent when the canonical name came too, for validation to report', () => {
    const exported = exportTool(grepLike, 'gemini');
    const decoded = exported.decode({ ...canonical, _A: 5 }) as Record<string, unknown>;
    expect(decoded['-A']).toBe(2);
    expect(decoded._A).toBe(5);
  });

  it('renames for Anthropic only what its pattern refuses, and decodes it back', () => {
    const odd = defineTool({
      name: 'odata',
      description: 'Query.',
      parameters: Type.Object({
        $top: Type.Integer(),
        'user name': Type.Optional(Type.String()),
        '-A': Type.Integer(),
        'a.b': Type.Object({ '@odata.type': Type.String() }),
      }),
    });
    const exported = exportTool(odd, 'anthropic');
    const schema = exported.declaration.input_schema;
    expect(keysAt(schema, '/properties')).toEqual(['_top', 'user_name', '-A', 'a.b']);
    expect(at(schema, '/required')).toEqual(['_top', '-A', 'a.b']);
    expect(keysAt(schema, '/properties/a.b/properties')).toEqual(['_odata.type']);
    expect(exported.propertyNames).toEqual([
      { pointer: '/properties/_top', provider: '_top', canonical: '$top' },
      { pointer: '/properties/user_name', provider: 'user_name', canonical: 'user name' },
      { pointer: '/properties/a.b/properties/_odata.type', provider: '_odata.type', canonical: '@odata.type' },
    ]);
    const decoded = exported.decode({ _top: 5, user_name: 'x', '-A': 1, 'a.b': { '_odata.type': 't' } });
    expect(decoded).toEqual({ $top: 5, 'user name': 'x', '-A': 1, 'a.b': { '@odata.type': 't' } });
    expect(validate(odd, decoded).ok).toBe(true);
  });

  it('renames the names dependentRequired and dependentSchemas use with the properties', () => {
    const dependent = defineTool({
      name: 'dependent',
      description: 'Dependent.',
      parameters: Type.Object(
        { 'user name': Type.Optional(Type.String()), $pass: Type.Optional(Type.String()) },
        { dependentRequired: { 'user name': ['$pass'] }, dependentSchemas: { $pass: { required: ['user name'] } } },
      ),
    });
    const schema = exportTool(dependent, 'anthropic').declaration.input_schema;
    expect(at(schema, '/dependentRequired')).toEqual({ user_name: ['_pass'] });
    expect(keysAt(schema, '/dependentSchemas')).toEqual(['_pass']);
  });

  it('renames nothing where the provider takes the names, and says so with an empty list', () => {
    for (const dialect of ['openai-strict', 'openai', 'gemini-json', 'mcp'] as const) {
      const exported = exportTool(grepLike, dialect);
      expect(exported.propertyNames).toEqual([]);
      expect(JSON.stringify(exported.declaration)).toContain('"-A"');
    }
    expect(exportTool(grepLike, 'anthropic').propertyNames).toEqual([]);
  });
});
