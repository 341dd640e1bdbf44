import { Command, defineTool, Path, Type, toJsonSchemaTool, Url } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { describeTools } from './describe-tools.js';

describe('describeTools', () => {
  it('prints types, required or optional, markers, bounds, defaults and nested objects', () => {
    const parameters = Type.Object({
      path: Path({ access: 'write', description: 'Where to write.\nRelative to the work folder.' }),
      mode: Type.Optional(Type.Union([Type.Literal('append'), Type.Literal('replace')], { default: 'replace' })),
      lines: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
      run: Type.Optional(Command()),
      source: Type.Optional(Url({ format: 'uri' })),
      tags: Type.Array(Type.String({ minLength: 1, maxLength: 20, pattern: '^[a-z]+$' }), {
        maxItems: 5,
        uniqueItems: true,
      }),
      owner: Type.Object({ name: Type.String(), email: Type.Optional(Type.Union([Type.String(), Type.Null()])) }),
      edits: Type.Array(Type.Object({ find: Type.String(), count: Type.Number({ exclusiveMinimum: 0 }) })),
      level: Type.Optional(Type.Enum({ low: 'low', high: 'high' })),
    });
    const text = describeTools([
      {
        name: 'write_file',
        category: 'action',
        description: 'Write a file.\n\n  Overwrites by default.  ',
        parameters: toJsonSchemaTool(defineTool({ name: 'write_file', description: 'Write.', parameters })).parameters,
      },
    ]);
    expect(text).toBe(
      [
        'name: write_file',
        'category: action',
        'description: Write a file.',
        '  Overwrites by default.',
        'parameters:',
        '  - path (string, required, a path it writes): Where to write. Relative to the work folder.',
        '  - mode (one of "append", "replace", optional, default "replace")',
        '  - lines (integer, optional, >= 1, <= 500)',
        '  - run (string, optional, a shell command)',
        '  - source (string, optional, a URL, format uri)',
        '  - tags (array of string, required, at most 5 items, no duplicates)',
        '  - owner (object, required)',
        '    - name (string, required)',
        '    - email (string | null, optional)',
        '  - edits (array of object, required)',
        '    - find (string, required)',
        '    - count (number, required, > 0)',
        '  - level (one of "low", "high", optional)',
        '',
      ].join('\n'),
    );
  });

  it('separates tools by one blank line and prints nothing for no tools', () => {
    const empty = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: {} };
    const tools = [
      { name: 'a', category: 'exploration', description: 'A.', parameters: empty },
      { name: 'b', category: 'action', description: 'B.', parameters: empty },
    ] as const;
    expect(describeTools(tools)).toBe(
      'name: a\ncategory: exploration\ndescription: A.\nparameters: none\n\nname: b\ncategory: action\ndescription: B.\nparameters: none\n',
    );
    expect(describeTools([])).toBe('');
  });

  it('spells out eight levels of a type and no more, however deep the schema nests', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 100_000; level++) schema = { type: 'array', items: schema };
    for (let level = 0; level < 100_000; level++) schema = { anyOf: [schema, { type: 'null' }] };
    const parameters = {
      type: 'object',
      properties: { deep: schema, list: { type: 'array', items: { type: 'array', items: { type: 'integer' } } } },
    };
    expect(describeTools([{ name: 'deep', category: 'action', description: 'Deep.', parameters }])).toBe(
      [
        'name: deep',
        'category: action',
        'description: Deep.',
        'parameters:',
        `  - deep (... | ... | ${Array(7).fill('null').join(' | ')}, optional)`,
        '  - list (array of array of integer, optional)',
        '',
      ].join('\n'),
    );
  });
});
