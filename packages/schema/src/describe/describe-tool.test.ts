import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { Command } from '../params/command.js';
import { Path } from '../params/path.js';
import { Url } from '../params/url.js';
import { defineTool } from '../tool/define-tool.js';
import { describeTool } from './describe-tool.js';

describe('describeTool', () => {
  it('describes the tool itself: aliases, category, traits, limits, summary, examples', () => {
    const tool = defineTool({
      name: 'grep',
      description: '  Search files. Returns lines.\n\nHonours .gitignore.  ',
      parameters: Type.Object({ pattern: Type.String() }),
      meta: {
        readOnly: true,
        aliases: ['search_files', 'rg'],
        idempotent: true,
        openWorld: true,
        timeoutMs: 35_000,
        outputBudget: 40_000,
      },
      examples: [{ args: { pattern: 'TODO' } }, { description: 'Any test', args: { pattern: 'it\\(' } }],
    });
    const { parameters: _parameters, ...rest } = describeTool(tool);
    expect(rest).toEqual({
      name: 'grep',
      aliases: ['search_files', 'rg'],
      category: 'exploration',
      traits: ['idempotent', 'reaches the network'],
      limits: ['times out after 35 seconds', 'output cut at 40,000 characters'],
      description: 'Search files. Returns lines.\n\nHonours .gitignore.',
      summary: 'Search files.',
      examples: [{ args: { pattern: 'TODO' } }, { description: 'Any test', args: { pattern: 'it\\(' } }],
    });
    expect(describeTool(tool, { category: 'action' }).category).toBe('action');
    const plain = describeTool(defineTool({ name: 'x', description: 'X', parameters: Type.Object({}) }));
    expect(plain).toMatchObject({
      aliases: [],
      category: 'action',
      traits: [],
      limits: [],
      parameters: [],
      examples: [],
    });
    expect(plain.summary).toBe('X');
    expect('result' in plain).toBe(false);
  });

  it('gives each parameter its type, required, mark, bounds, default, values, notes and description', () => {
    const tool = defineTool({
      name: 'write_file',
      description: 'Write.',
      parameters: Type.Object({
        path: Path({ access: 'write', description: 'Where to write.\n  Relative to the work folder.' }),
        mode: Type.Optional(Type.Union([Type.Literal('append'), Type.Literal('replace')], { default: 'replace' })),
        lines: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
        run: Type.Optional(Command()),
        source: Type.Optional(Url({ format: 'uri' })),
        level: Type.Enum({ low: 'low', high: 'high' }),
        three: Type.Literal(3),
        sizes: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
        picked: Type.Optional(Type.String({ enum: ['a', 'b'] })),
      }),
    });
    const [path, mode, lines, run, source, level, three, sizes, picked] = describeTool(tool).parameters;
    expect(path).toEqual({
      name: 'path',
      path: 'path',
      type: 'string',
      required: true,
      mark: 'a path it writes',
      bounds: [],
      notes: ['a path it writes'],
      description: 'Where to write. Relative to the work folder.',
      children: [],
    });
    expect(mode).toEqual({
      name: 'mode',
      path: 'mode',
      type: 'one of "append", "replace"',
      required: false,
      bounds: [],
      default: 'replace',
      values: ['append', 'replace'],
      notes: ['default "replace"'],
      description: '',
      children: [],
    });
    expect(lines).toMatchObject({ type: 'integer', bounds: ['between 1 and 500'], default: 100 });
    expect(lines?.notes).toEqual(['between 1 and 500', 'default 100']);
    expect(run).toMatchObject({ mark: 'a shell command', notes: ['a shell command'] });
    expect(source).toMatchObject({ mark: 'a URL', notes: ['a URL', 'format uri'] });
    expect(level).toMatchObject({ type: 'one of "low", "high"', values: ['low', 'high'], required: true });
    expect(three).toMatchObject({ type: 'exactly 3', values: [3] });
    expect(sizes).toMatchObject({ type: 'one of 1, 2', values: [1, 2] });
    expect(picked).toMatchObject({ type: 'one of "a", "b"', values: ['a', 'b'] });
  });

  it('lists nested objects and arrays of objects under their parent, with their paths, three levels deep', () => {
    const leaf = Type.Object({ deepest: Type.String() });
    const tool = defineTool({
      name: 'ask',
      description: 'Ask.',
      parameters: Type.Object({
        questions: Type.Array(
          Type.Object({
            question: Type.String({ minLength: 1 }),
            options: Type.Array(Type.Object({ label: Type.String(), more: leaf }), { minItems: 2 }),
          }),
          { maxItems: 1 },
        ),
        owner: Type.Optional(Type.Union([Type.Object({ name: Type.String() }), Type.Null()])),
      }),
    });
    const [questions, owner] = describeTool(tool).parameters;
    const paths = (parameter: typeof questions): string[] =>
      parameter === undefined ? [] : [parameter.path, ...parameter.children.flatMap(paths)];
    expect(paths(questions)).toEqual([
      'questions',
      'questions[].question',
      'questions[].options',
      'questions[].options[].label',
      'questions[].options[].more',
    ]);
    expect(questions).toMatchObject({ type: 'array of object', notes: ['at most 1 item'] });
    expect(questions?.children[0]).toMatchObject({ name: 'question', notes: ['at least 1 character'] });
    expect(questions?.children[1]?.children[1]).toMatchObject({ name: 'more', type: 'object', children: [] });
    expect(owner).toMatchObject({ type: 'object | null', required: false });
    expect(owner?.children.map((child) => child.path)).toEqual(['owner.name']);
  });

  it('says what narrows each item of an array of plain values', () => {
    const tool = defineTool({
      name: 'tags',
      description: 'Tags.',
      parameters: Type.Object({
        tags: Type.Array(Type.String({ minLength: 1, maxLength: 20, pattern: '^[a-z]+$' }), {
          maxItems: 5,
          uniqueItems: true,
        }),
        files: Type.Array(Path({ access: 'read' })),
        pair: Type.Tuple([Type.String(), Type.Number()]),
      }),
    });
    const [tags, files, pair] = describeTool(tool).parameters;
    expect(tags?.notes).toEqual([
      'at most 5 items',
      'no duplicates',
      'each item between 1 and 20 characters',
      'each item matching ^[a-z]+$',
    ]);
    expect(tags?.bounds).toEqual(['at most 5 items', 'no duplicates']);
    expect(files).toMatchObject({ type: 'array of string', notes: ['each item a path it reads'] });
    expect('mark' in (files ?? {})).toBe(false);
    expect(pair).toMatchObject({ type: '[string, number]', notes: ['exactly 2 items'] });
  });

  it('spells unions, intersections, maps and tagged alternatives', () => {
    const tool = defineTool({
      name: 'shapes',
      description: 'Shapes.',
      parameters: Type.Object({
        maybe: Type.Union([Type.String(), Type.Null()]),
        change: Type.Union([
          Type.Object({ kind: Type.Literal('edit'), text: Type.String(), count: Type.Optional(Type.Integer()) }),
          Type.Object({ kind: Type.Literal('move'), to: Type.String(), count: Type.Integer() }),
          Type.Object({ kind: Type.Literal('drop'), count: Type.Number() }),
          Type.Null(),
        ]),
        form: Type.Optional(
          Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String(), a: Type.String() })]),
        ),
        both: Type.Intersect([
          Type.Object({ a: Type.String() }),
          Type.Object({ b: Type.Optional(Type.Number({ exclusiveMinimum: 0 })) }),
        ]),
        counts: Type.Record(Type.String(), Type.Integer()),
        anything: Type.Any(),
        either: Type.Union([Type.String(), Type.Array(Type.Integer())]),
      }),
    });
    const [maybe, change, form, both, counts, anything, either] = describeTool(tool).parameters;
    expect(maybe).toMatchObject({ type: 'string | null', children: [] });
    expect(change?.type).toBe('object with kind "edit" | object with kind "move" | object with kind "drop" | null');
    // The forms of a union, listed once: shared properties joined, the others saying which forms have them.
    expect(change?.children.map((child) => [child.path, child.type, child.required, child.notes])).toEqual([
      ['change.kind', 'one of "edit", "move", "drop"', true, []],
      ['change.text', 'string', true, ['only with kind "edit"']],
      ['change.count', 'integer | number', false, []],
      ['change.to', 'string', true, ['only with kind "move"']],
    ]);
    expect(form?.children.map((child) => [child.path, child.required, child.notes])).toEqual([
      ['form.a', true, []],
      ['form.b', true, ['only with form 2 of 2']],
    ]);
    expect(both?.type).toBe('object');
    expect(both?.children.map((child) => [child.path, child.required, child.notes])).toEqual([
      ['both.a', true, []],
      ['both.b', false, ['more than 0']],
    ]);
    expect(counts).toMatchObject({ type: 'object with integer values', children: [] });
    expect(anything?.type).toBe('any value');
    expect(either?.type).toBe('string | array of integer');
  });

  it('follows references and says where a recursive shape repeats instead of listing it again', () => {
    const Folder = Type.Recursive((This) =>
      Type.Object({ name: Type.String(), children: Type.Array(This), parent: Type.Optional(This) }),
    );
    const tool = defineTool({ name: 'tree', description: 'Tree.', parameters: Type.Object({ root: Folder }) });
    const [root] = describeTool(tool).parameters;
    expect(root).toMatchObject({ path: 'root', type: 'object' });
    expect(root?.children.map((child) => [child.path, child.type, child.notes, child.children.length])).toEqual([
      ['root.name', 'string', [], 0],
      ['root.children', 'array of object', ['each item shaped like root'], 0],
      ['root.parent', 'object', ['shaped like root'], 0],
    ]);

    const json = {
      type: 'object',
      $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' }, size: { type: 'integer' } } } },
      properties: {
        head: { $ref: '#/$defs/Node', description: 'The first node.' },
        self: { $ref: '#' },
        lost: { $ref: 'Nowhere' },
      },
    };
    const [head, self, lost] = describeTool({ name: 'list', description: 'List.', parameters: json }).parameters;
    expect(head).toMatchObject({ type: 'object', description: 'The first node.' });
    expect(head?.children.map((child) => [child.path, child.type, child.notes])).toEqual([
      ['head.next', 'object', ['shaped like head']],
      ['head.size', 'integer', []],
    ]);
    expect(self).toMatchObject({ type: 'object', notes: ['shaped like the arguments'], children: [] });
    expect(lost).toMatchObject({ type: 'see Nowhere', notes: [], children: [] });
  });

  it('stops spelling a type eight levels down and does not overflow the stack on very deep schemas', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 100_000; level++) schema = { type: 'array', items: schema };
    let objects: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 100_000; level++) objects = { type: 'object', properties: { a: objects } };
    const recursive = { anyOf: [{ type: 'null' }, { type: 'array', items: { $ref: '#/properties/loop' } }] };
    const parameters = { type: 'object', properties: { deep: schema, nested: objects, loop: recursive } };
    const [deep, nested, loop] = describeTool({ name: 'deep', description: 'Deep.', parameters }).parameters;
    expect(deep?.type).toBe(`${'array of '.repeat(8)}...`);
    expect(nested?.children[0]?.children[0]).toMatchObject({ path: 'nested.a.a', type: 'object', children: [] });
    expect(loop?.type).toBe('null | array of ...');
  });

  it('takes a description or default written beside a $ref over those of its target', () => {
    const parameters = {
      type: 'object',
      $defs: { Size: { type: 'integer', minimum: 1, default: 5, description: 'A size.' } },
      properties: {
        mine: { $ref: '#/$defs/Size', description: 'My size.', default: 7 },
        theirs: { $ref: '#/$defs/Size' },
      },
    };
    const [mine, theirs] = describeTool({ name: 'sizes', description: 'Sizes.', parameters }).parameters;
    expect(mine).toMatchObject({ type: 'integer', description: 'My size.', default: 7 });
    expect(mine?.notes).toEqual(['at least 1', 'default 7']);
    expect(theirs).toMatchObject({ description: 'A size.', default: 5, notes: ['at least 1', 'default 5'] });
  });

  it('keeps the words bounded when unions multiply or references fan out', () => {
    let union: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 8; level++) union = { anyOf: Array.from({ length: 10 }, () => union) };
    const wide = (to: string) =>
      Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`p${index}`, { $ref: `#/$defs/${to}` }]));
    const parameters = {
      type: 'object',
      $defs: {
        A: { type: 'object', properties: wide('B') },
        B: { type: 'object', properties: wide('C') },
        C: { type: 'object', properties: { leaf: { type: 'string' } } },
      },
      properties: { union, fan: { $ref: '#/$defs/A' } },
    };
    const started = performance.now();
    const [first, fan] = describeTool({ name: 'big', description: 'Big.', parameters }).parameters;
    expect(performance.now() - started).toBeLessThan(1000);
    expect(first?.type.split(' | ').length).toBeGreaterThan(150);
    expect(first?.type.split(' | ').length).toBeLessThan(220);
    expect(first?.type.endsWith('...')).toBe(true);
    const count = (parameter: typeof fan): number =>
      parameter === undefined ? 0 : 1 + parameter.children.reduce((sum, child) => sum + count(child), 0);
    expect(count(first) + count(fan)).toBe(1000);
    expect(fan?.children[0]?.children[0]).toMatchObject({ path: 'fan.p0.p0', type: 'object', children: [] });
  });

  it('describes a result of any shape', () => {
    const object = defineTool({
      name: 'count',
      description: 'Count.',
      parameters: Type.Object({}),
      result: Type.Object({ total: Type.Integer({ minimum: 0 }) }),
    });
    expect(describeTool(object).result).toEqual({
      type: 'object',
      notes: [],
      children: [
        {
          name: 'total',
          path: 'total',
          type: 'integer',
          required: true,
          bounds: ['at least 0'],
          notes: ['at least 0'],
          description: '',
          children: [],
        },
      ],
    });
    const list = defineTool({
      name: 'names',
      description: 'Names.',
      parameters: Type.Object({}),
      result: Type.Array(Type.String(), { maxItems: 3 }),
    });
    expect(describeTool(list).result).toEqual({ type: 'array of string', notes: ['at most 3 items'], children: [] });
  });
});
