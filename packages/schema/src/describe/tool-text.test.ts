import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { Command } from '../params/command.js';
import { Path } from '../params/path.js';
import { Url } from '../params/url.js';
import { defineTool } from '../tool/define-tool.js';
import { describeTool } from './describe-tool.js';
import { toolDescriptionsText } from './tool-text.js';

const text = (...tools: Parameters<typeof describeTool>[0][]) =>
  toolDescriptionsText(tools.map((tool) => describeTool(tool)));

describe('toolDescriptionsText', () => {
  it('prints types, required or optional, marks, bounds, defaults and nested objects', () => {
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
      price: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000, multipleOf: 0.01 })),
      one: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { maxItems: 1 })),
    });
    expect(
      text(defineTool({ name: 'write_file', description: 'Write a file.\n\n  Overwrites by default.  ', parameters })),
    ).toBe(
      [
        'name: write_file',
        'category: action',
        'description: Write a file.',
        '  Overwrites by default.',
        'parameters:',
        '  - path (string, required, a path it writes): Where to write. Relative to the work folder.',
        '  - mode (one of "append", "replace", optional, default "replace")',
        '  - lines (integer, optional, between 1 and 500)',
        '  - run (string, optional, a shell command)',
        '  - source (string, optional, a URL, format uri)',
        '  - tags (array of string, required, at most 5 items, no duplicates, each item between 1 and 20 characters, each item matching ^[a-z]+$)',
        '  - owner (object, required)',
        '    - name (string, required)',
        '    - email (string | null, optional)',
        '  - edits (array of object, required)',
        '    - find (string, required)',
        '    - count (number, required, more than 0)',
        '  - level (one of "low", "high", optional)',
        '  - price (number, optional, between 0 and 10,000, a multiple of 0.01)',
        '  - one (array of string, optional, at most 1 item, each item at least 1 character)',
        '',
      ].join('\n'),
    );
  });

  it('shows aliases, traits, limits and examples, each only when the tool has some', () => {
    const tool = defineTool({
      name: 'grep',
      description: 'Search files.',
      parameters: Type.Object({
        pattern: Type.String({ minLength: 2 }),
        '-i': Type.Optional(Type.Boolean({ default: false })),
      }),
      meta: {
        readOnly: true,
        aliases: ['search_files', 'rg'],
        idempotent: true,
        timeoutMs: 35_000,
        outputBudget: 40_000,
      },
      examples: [
        { args: { pattern: 'TODO' } },
        { description: 'Any case,\n  any file', args: { pattern: 'todo', '-i': true } },
      ],
    });
    expect(text(tool)).toBe(
      [
        'name: grep',
        'aliases: search_files, rg',
        'category: exploration (idempotent)',
        'limits: times out after 35 seconds; output cut at 40,000 characters',
        'description: Search files.',
        'parameters:',
        '  - pattern (string, required, at least 2 characters)',
        '  - -i (boolean, optional, default false)',
        'examples:',
        '  - {"pattern":"TODO"}',
        '  - Any case, any file: {"pattern":"todo","-i":true}',
        '',
      ].join('\n'),
    );
  });

  it('lists arrays of objects three levels deep, unions, intersections and recursion', () => {
    const Folder = Type.Recursive((This) => Type.Object({ name: Type.String(), children: Type.Array(This) }));
    const tool = defineTool({
      name: 'shapes',
      description: 'Shapes.',
      parameters: Type.Object({
        root: Folder,
        questions: Type.Array(
          Type.Object({
            options: Type.Array(Type.Object({ label: Type.String(), extra: Type.Object({ hidden: Type.String() }) })),
          }),
          { minItems: 1, maxItems: 4 },
        ),
        change: Type.Union([
          Type.Object({ kind: Type.Literal('edit'), text: Type.String() }),
          Type.Object({ kind: Type.Literal('move'), to: Type.String() }),
        ]),
        both: Type.Intersect([Type.Object({ a: Type.String() }), Type.Object({ b: Type.Integer() })]),
        counts: Type.Optional(Type.Record(Type.String(), Type.Integer())),
        pair: Type.Optional(Type.Tuple([Type.String(), Type.Number()])),
        three: Type.Optional(Type.Literal(3)),
      }),
    });
    expect(text(tool)).toBe(
      [
        'name: shapes',
        'category: action',
        'description: Shapes.',
        'parameters:',
        '  - root (object, required)',
        '    - name (string, required)',
        '    - children (array of object, required, each item shaped like root)',
        '  - questions (array of object, required, between 1 and 4 items)',
        '    - options (array of object, required)',
        '      - label (string, required)',
        '      - extra (object, required)',
        '  - change (object with kind "edit" | object with kind "move", required)',
        '    - kind (one of "edit", "move", required)',
        '    - text (string, required, only with kind "edit")',
        '    - to (string, required, only with kind "move")',
        '  - both (object, required)',
        '    - a (string, required)',
        '    - b (integer, required)',
        '  - counts (object with integer values, optional)',
        '  - pair ([string, number], optional, exactly 2 items)',
        '  - three (exactly 3, optional)',
        '',
      ].join('\n'),
    );
  });

  it('separates tools by one blank line, says parameters: none, and prints nothing for no tools', () => {
    const empty = { type: 'object', properties: {} };
    expect(
      text(
        { name: 'a', description: 'A.', parameters: empty, meta: { readOnly: true } },
        { name: 'b', description: 'B.', parameters: empty },
      ),
    ).toBe(
      'name: a\ncategory: exploration\ndescription: A.\nparameters: none\n\nname: b\ncategory: action\ndescription: B.\nparameters: none\n',
    );
    expect(toolDescriptionsText([])).toBe('');
  });

  it('spells out eight levels of a type and no more, however deep the schema nests', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 100_000; level++) schema = { type: 'array', items: schema };
    for (let level = 0; level < 100_000; level++) schema = { anyOf: [schema, { type: 'null' }] };
    const parameters = {
      type: 'object',
      properties: { deep: schema, list: { type: 'array', items: { type: 'array', items: { type: 'integer' } } } },
    };
    expect(text({ name: 'deep', description: 'Deep.', parameters })).toBe(
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
