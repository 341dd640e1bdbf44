import { mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtins } from '@wesgine/builtins';
import { generateFiles, loadPack } from '@wesgine/codegen';
import { type Cell, createEngine } from '@wesgine/runtime';
import { type HttpServer, serve } from '@wesgine/runtime/http';
import { describeTool, toolDescriptionsText } from '@wesgine/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyExamplePack, EXAMPLE_PACK, readPackFile, removeCopies, writePackFile } from './codegen-harness.js';
import { readMarkdownReference, readTextCatalogue } from './tool-descriptions.fixture.js';

// One description model, two renderings: what `GET /tools/descriptions` serves a model and what
// docs/tools.md tells a person must say the same things about the same tool.

const BUILTINS = join(import.meta.dirname, '..', '..', 'packages', 'builtins');

afterAll(removeCopies);

/** The docs page of a pack as `wesgine-tools gen` writes it now. */
async function docsPage(root: string): Promise<string> {
  const files = await generateFiles(await loadPack(root), { docsPage: readPackFile(root, 'docs/tools.md') });
  return files.find((file) => file.path === 'docs/tools.md')?.contents ?? '';
}

describe('the descriptions of the built-ins over HTTP', () => {
  let cell: Cell;
  let server: HttpServer;
  let catalogue: string;

  beforeAll(async () => {
    cell = createEngine({ tools: builtins }).createCell({
      workDir: realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-desc-'))),
    });
    server = await serve(cell, { port: 0 });
    const response = await fetch(`${server.url}/tools/descriptions`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    expect(response.status).toBe(200);
    catalogue = await response.text();
  });

  afterAll(async () => {
    await server.close();
    await cell.stop();
  });

  it('says what the docs say, tool by tool and phrase by phrase', async () => {
    const text = readTextCatalogue(catalogue);
    const page = await docsPage(BUILTINS);
    expect(page).toBe(readFileSync(join(BUILTINS, 'docs/tools.md'), 'utf8'));
    const docs = readMarkdownReference(page);
    // web_search is left out of a cell that has no search provider; every other built-in is listed.
    expect(docs.map((tool) => tool.name)).toEqual(builtins.tools.map((tool) => tool.name).sort());
    expect(text.map((tool) => tool.name)).toEqual(
      docs.map((tool) => tool.name).filter((name) => name !== 'web_search'),
    );
    for (const tool of text) expect(tool, tool.name).toEqual(docs.find((doc) => doc.name === tool.name));
  });

  it('prints grep with its alias, limits, bounds and examples', () => {
    const grep = catalogue.split('\n\n').find((block) => block.startsWith('name: grep\n'));
    expect(grep?.split('\n').slice(0, 7)).toEqual([
      'name: grep',
      'aliases: search_files',
      'category: exploration',
      'limits: times out after 35 seconds; output cut at 40,000 characters',
      'description: Search file contents with a regular expression (ripgrep syntax). Honours .gitignore and skips .git folders and binary files. output_mode files_with_matches (the default) lists matching files, newest first; content shows the matching lines as path:line:text; count gives matches per file. Narrow with glob or type; page with head_limit and offset.',
      'parameters:',
      '  - pattern (string, required, between 1 and 4096 characters): The regular expression to look for.',
    ]);
    expect(grep?.split('\n').slice(-3)).toEqual([
      'examples:',
      '  - {"pattern":"TODO","glob":"*.ts"}',
      '  - {"pattern":"function\\\\s+main","output_mode":"content","-C":2}',
    ]);
  });

  it('prints ask_user with its arrays of objects nested under their parent', () => {
    const ask = catalogue.split('\n\n').find((block) => block.startsWith('name: ask_user\n'));
    expect(ask?.split('\n').slice(4)).toEqual([
      'parameters:',
      '  - questions (array of object, required, between 1 and 4 items)',
      '    - question (string, required, between 1 and 1000 characters): The question, ending with ?.',
      '    - options (array of object, required, between 2 and 4 items)',
      '      - label (string, required, between 1 and 100 characters): The answer, in a few words.',
      '      - description (string, optional, at most 500 characters): What choosing it means.',
      '    - multiSelect (boolean, optional): More than one answer may be chosen. Default false.',
      'examples:',
      '  - {"questions":[{"question":"Which database should the service use?","options":[{"label":"PostgreSQL"},{"label":"SQLite","description":"One file, no server"}]}]}',
    ]);
  });
});

describe('the two renderings of a pack agree', () => {
  it('for the example pack', async () => {
    const pack = await loadPack(EXAMPLE_PACK);
    const text = toolDescriptionsText(pack.tools.map((tool) => describeTool(tool.definition)));
    const docs = readMarkdownReference(await docsPage(EXAMPLE_PACK));
    expect(readTextCatalogue(text)).toEqual(docs);
    expect(docs.map((tool) => tool.name)).toEqual(['notes.clip', 'notes.read', 'notes.search', 'notes.write']);
  });

  it('for a tool of hard schemas: nesting, arrays of objects, unions, enums, recursion, every bound', async () => {
    const root = copyExamplePack();
    writePackFile(
      root,
      'tools/notes.shapes.tool.ts',
      [
        "import { defineTool, Path, Type, Url } from '@wesgine/schema';",
        '',
        'const Folder = Type.Recursive((This) => Type.Object({ name: Type.String(), children: Type.Array(This) }));',
        '',
        'export default defineTool({',
        "  name: 'notes.shapes',",
        "  description: 'Every shape.\\n\\n  With a second line.',",
        '  parameters: Type.Object({',
        '    root: Folder,',
        "    files: Type.Array(Path({ access: 'read' }), { minItems: 1, maxItems: 1, uniqueItems: true }),",
        '    source: Type.Optional(Url()),',
        '    edits: Type.Array(',
        '      Type.Object({',
        "        find: Type.String({ minLength: 1, description: 'Text | to find.' }),",
        '        count: Type.Optional(Type.Integer({ exclusiveMinimum: 0, maximum: 100_000, default: 1 })),',
        '        where: Type.Object({ line: Type.Integer({ minimum: 1 }), deep: Type.Object({ deeper: Type.String() }) }),',
        '      }),',
        '    ),',
        "    mode: Type.Union([Type.Literal('a'), Type.Literal('b')], { default: 'a' }),",
        "    level: Type.Enum({ low: 'low', high: 'high' }),",
        '    maybe: Type.Optional(Type.Union([Type.Object({ id: Type.String({ maxLength: 1 }) }), Type.Null()])),',
        "    change: Type.Union([Type.Object({ kind: Type.Literal('edit'), text: Type.String() }), Type.Object({ kind: Type.Literal('move'), to: Type.Optional(Type.String()) })]),",
        '    both: Type.Intersect([Type.Object({ a: Type.String() }), Type.Object({ b: Type.Number({ multipleOf: 0.5 }) })]),',
        '    counts: Type.Optional(Type.Record(Type.String(), Type.Integer())),',
        '    pair: Type.Optional(Type.Tuple([Type.String(), Type.Number()])),',
        "    code: Type.Optional(Type.String({ pattern: '^[a-z]+$', minLength: 2, maxLength: 2 })),",
        '    share: Type.Optional(Type.Number({ minimum: 0, exclusiveMaximum: 1 })),',
        '  }),',
        "  meta: { aliases: ['shapes', 'every_shape'], destructive: true, timeoutMs: 90_000, outputBudget: 12_345 },",
        '  examples: [',
        "    { args: { root: { name: 'r', children: [] }, files: ['a.md'], edits: [], mode: 'b', level: 'low', change: { kind: 'edit', text: 't' }, both: { a: 'x', b: 2 } } },",
        "    { description: 'With a pair', args: { root: { name: 'r', children: [] }, files: ['b.md'], edits: [], mode: 'a', level: 'high', change: { kind: 'move' }, both: { a: 'y', b: 1 }, pair: ['p', 2] } },",
        '  ],',
        '});',
        '',
      ].join('\n'),
    );
    const pack = await loadPack(root);
    const page = await docsPage(root);
    const text = toolDescriptionsText(pack.tools.map((tool) => describeTool(tool.definition)));
    const docs = readMarkdownReference(page);
    expect(readTextCatalogue(text)).toEqual(docs);

    const shapes = docs.find((tool) => tool.name === 'notes.shapes');
    expect(shapes).toMatchObject({
      aliases: ['shapes', 'every_shape'],
      category: 'action (destructive)',
      limits: ['times out after 90 seconds', 'output cut at 12,345 characters'],
      description: ['Every shape.', 'With a second line.'],
    });
    expect(shapes?.parameters).toEqual([
      { path: 'root', type: 'object', required: true, text: '' },
      { path: 'root.name', type: 'string', required: true, text: '' },
      { path: 'root.children', type: 'array of object', required: true, text: '(each item shaped like root)' },
      {
        path: 'files',
        type: 'array of string',
        required: true,
        text: '(exactly 1 item, no duplicates, each item a path it reads)',
      },
      { path: 'source', type: 'string', required: false, text: '(a URL)' },
      { path: 'edits', type: 'array of object', required: true, text: '' },
      { path: 'edits[].find', type: 'string', required: true, text: 'Text | to find. (at least 1 character)' },
      {
        path: 'edits[].count',
        type: 'integer',
        required: false,
        text: '(more than 0 and at most 100,000, default 1)',
      },
      { path: 'edits[].where', type: 'object', required: true, text: '' },
      { path: 'edits[].where.line', type: 'integer', required: true, text: '(at least 1)' },
      { path: 'edits[].where.deep', type: 'object', required: true, text: '' },
      { path: 'mode', type: 'one of "a", "b"', required: true, text: '(default "a")' },
      { path: 'level', type: 'one of "low", "high"', required: true, text: '' },
      { path: 'maybe', type: 'object | null', required: false, text: '' },
      { path: 'maybe.id', type: 'string', required: true, text: '(at most 1 character)' },
      {
        path: 'change',
        type: 'object with kind "edit" | object with kind "move"',
        required: true,
        text: '',
      },
      { path: 'change.kind', type: 'one of "edit", "move"', required: true, text: '' },
      { path: 'change.text', type: 'string', required: true, text: '(only with kind "edit")' },
      { path: 'change.to', type: 'string', required: false, text: '(only with kind "move")' },
      { path: 'both', type: 'object', required: true, text: '' },
      { path: 'both.a', type: 'string', required: true, text: '' },
      { path: 'both.b', type: 'number', required: true, text: '(a multiple of 0.5)' },
      { path: 'counts', type: 'object with integer values', required: false, text: '' },
      { path: 'pair', type: '[string, number]', required: false, text: '(exactly 2 items)' },
      { path: 'code', type: 'string', required: false, text: '(exactly 2 characters, matching ^[a-z]+$)' },
      { path: 'share', type: 'number', required: false, text: '(at least 0 and less than 1)' },
    ]);
    expect(shapes?.examples.map((example) => example.description)).toEqual([undefined, 'With a pair']);
  });
});
