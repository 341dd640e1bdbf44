import { check, generate, loadPack } from '@wesgine/codegen';
import { afterAll, describe, expect, it } from 'vitest';
import { copyExamplePack, problemsOf, readPackFile, removeCopies, writePackFile } from './codegen-harness.js';

afterAll(removeCopies);

const IMPORT = "import { defineTool, Type } from '@wesgine/schema';\n";

/** A copy of the example pack with one more tool file. */
function packWith(name: string, source: string): string {
  const pack = copyExamplePack();
  writePackFile(pack, `tools/${name}.tool.ts`, `${IMPORT}${source}\n`);
  return pack;
}

describe('a definition that does not load is an error naming the file and the tool', () => {
  it('a syntax error', async () => {
    const pack = packWith(
      'notes.tag',
      "export default defineTool({ name: 'notes.tag', description: 'Tag.', parameters: (",
    );
    expect(await problemsOf(loadPack(pack))).toEqual([
      {
        file: 'tools/notes.tag.tool.ts',
        tool: 'notes.tag',
        message: 'does not compile: line 3, column 0: Unexpected end of file',
      },
    ]);
    expect(await check(pack)).toEqual({
      pack: '@wesgine/example-pack',
      problems: [
        {
          file: 'tools/notes.tag.tool.ts',
          tool: 'notes.tag',
          kind: 'load',
          message: 'does not compile: line 3, column 0: Unexpected end of file',
        },
      ],
    });
  });

  it('a throw at definition time (ToolDefinitionError)', async () => {
    const pack = packWith(
      'notes.tag',
      "export default defineTool({ name: 'notes.tag', description: 'Tag.', parameters: Type.Object({}), meta: { readonly: true } as never });",
    );
    expect(await problemsOf(generate(pack))).toEqual([
      {
        file: 'tools/notes.tag.tool.ts',
        tool: 'notes.tag',
        message: 'defineTool rejected the definition: meta.readonly is not a known field; did you mean meta.readOnly?',
      },
    ]);
  });

  it('any other throw while loading', async () => {
    const pack = packWith('notes.tag', "throw new Error('the tag store is not configured');");
    expect(await problemsOf(loadPack(pack))).toEqual([
      {
        file: 'tools/notes.tag.tool.ts',
        tool: 'notes.tag',
        message: 'threw while loading: the tag store is not configured',
      },
    ]);
  });

  it('no default export', async () => {
    const pack = packWith(
      'notes.tag',
      "export const tag = defineTool({ name: 'notes.tag', description: 'Tag.', parameters: Type.Object({}) });",
    );
    expect(await problemsOf(loadPack(pack))).toEqual([
      {
        file: 'tools/notes.tag.tool.ts',
        tool: 'notes.tag',
        message: 'has no default export; write `export default defineTool({ ... })`',
      },
    ]);
  });

  it('a default export that defineTool did not make', async () => {
    const pack = packWith(
      'notes.tag',
      "export default { name: 'notes.tag', description: 'Tag.', parameters: Type.Object({}) };",
    );
    expect(await problemsOf(loadPack(pack))).toEqual([
      {
        file: 'tools/notes.tag.tool.ts',
        tool: 'notes.tag',
        message: 'the default export was not made by defineTool(...) from @wesgine/schema',
      },
    ]);
  });

  it('a name that differs from the file name', async () => {
    const pack = packWith(
      'notes.tag',
      "export default defineTool({ name: 'notes.tags', description: 'Tag.', parameters: Type.Object({}) });",
    );
    expect(await problemsOf(loadPack(pack))).toEqual([
      {
        file: 'tools/notes.tag.tool.ts',
        tool: 'notes.tags',
        message:
          "defines tool 'notes.tags' but the file is named for 'notes.tag'; rename the file to tools/notes.tags.tool.ts or change the name",
      },
    ]);
  });

  it('two names that map to the same TypeScript identifier', async () => {
    const pack = packWith(
      'notes_read',
      "export default defineTool({ name: 'notes_read', description: 'Read.', parameters: Type.Object({}) });",
    );
    expect(await problemsOf(loadPack(pack))).toEqual([
      {
        file: 'tools/notes_read.tool.ts',
        tool: 'notes_read',
        message: "tools 'notes.read' and 'notes_read' both map to the TypeScript name NotesRead; rename one of them",
      },
    ]);
  });

  it('reports every broken file at once', async () => {
    const pack = packWith('notes.tag', "throw new Error('first');");
    writePackFile(pack, 'tools/notes.tidy.tool.ts', `${IMPORT}throw new Error('second');\n`);
    expect(await problemsOf(loadPack(pack))).toEqual([
      { file: 'tools/notes.tag.tool.ts', tool: 'notes.tag', message: 'threw while loading: first' },
      { file: 'tools/notes.tidy.tool.ts', tool: 'notes.tidy', message: 'threw while loading: second' },
    ]);
  });
});

describe('generate refuses what it cannot make right', () => {
  it('a strict tool that strict mode cannot take', async () => {
    const pack = packWith(
      'notes.tag',
      "export default defineTool({ name: 'notes.tag', description: 'Tag notes.', parameters: Type.Object({ tags: Type.Record(Type.String(), Type.String()) }), meta: { strict: true } });",
    );
    expect(await problemsOf(generate(pack))).toEqual([
      {
        file: 'tools/notes.tag.tool.ts',
        tool: 'notes.tag',
        message:
          "tool 'notes.tag' is marked meta.strict, but strict mode cannot take it: /properties/tags: a free-form map (patternProperties, as Type.Record makes) cannot be strict; list the keys with Type.Object, or take an array of { key, value } objects (openai-strict, anthropic)",
      },
    ]);
    expect(readPackFile(pack, 'generated/tools.gen.json')).not.toContain('notes.tag');
    expect((await check(pack)).problems.filter((item) => item.kind === 'strict')).toEqual([
      expect.objectContaining({ file: 'tools/notes.tag.tool.ts', tool: 'notes.tag', kind: 'strict' }),
    ]);
  });

  it('a strict tool whose union of constants is over the strict enum limit', async () => {
    const pack = packWith(
      'notes.tag',
      "export default defineTool({ name: 'notes.tag', description: 'Tag notes.', parameters: Type.Object({ tag: Type.Union(Array.from({ length: 1001 }, (_, index) => Type.Literal('t' + index))) }), meta: { strict: true } });",
    );
    expect(await problemsOf(generate(pack))).toEqual([
      {
        file: 'tools/notes.tag.tool.ts',
        tool: 'notes.tag',
        message:
          "tool 'notes.tag' is marked meta.strict, but strict mode cannot take it: /: 1001 enum values in all (enum and const values, unions of literals included), over the strict limit of 1000 (openai-strict)",
      },
    ]);
  });

  it('a handler that no longer matches its tool after a parameter is renamed', async () => {
    const pack = copyExamplePack();
    const definition = readPackFile(pack, 'tools/notes.read.tool.ts');
    writePackFile(
      pack,
      'tools/notes.read.tool.ts',
      definition.replace('    path: Path(', '    note: Path(').replaceAll('{ path: ', '{ note: '),
    );
    const usesOfPath = readPackFile(pack, 'src/handlers/notes.read.ts')
      .split('\n')
      .flatMap((line, index) => (line.includes('args.path') ? [index + 1] : []));
    expect(usesOfPath.length).toBeGreaterThan(1);
    expect(await problemsOf(generate(pack))).toEqual([
      {
        file: 'src/handlers/notes.read.ts',
        tool: 'notes.read',
        message: `the handler of tool 'notes.read' no longer matches its types: Property 'path' does not exist on type 'NotesReadArgs'. (lines ${usesOfPath.join(', ')})`,
      },
    ]);
    expect(readPackFile(pack, 'generated/types.gen.ts')).toContain('  note: string');
  });

  it('a handler exported under another name', async () => {
    const pack = copyExamplePack();
    const handler = readPackFile(pack, 'src/handlers/notes.write.ts');
    writePackFile(
      pack,
      'src/handlers/notes.write.ts',
      handler.replace('export const notesWrite', 'export const writeNote'),
    );
    expect(await problemsOf(generate(pack))).toEqual([
      {
        file: 'generated/handlers.gen.ts',
        tool: 'notes.write',
        message:
          "the handler of tool 'notes.write' does not fit generated/handlers.gen.ts (src/handlers/notes.write.ts must export notesWrite typed for the tool): Module '\"../src/handlers/notes.write.js\"' has no exported member 'notesWrite'. (line 7)",
      },
    ]);
  });

  it('a schema whose Static type the generated interface does not match fails the proof on its line', async () => {
    const pack = packWith(
      'notes.pin',
      "export default defineTool({ name: 'notes.pin', description: 'Pin a note.', parameters: Type.Object({ note: Type.Readonly(Type.String()) }) });",
    );
    writePackFile(
      pack,
      'src/handlers/notes.pin.ts',
      "export const notesPin = async (args: { readonly note: string }) => 'pinned ' + args.note;\n",
    );
    expect(await problemsOf(generate(pack))).toEqual([
      {
        file: 'generated/types.gen.ts',
        tool: 'notes.pin',
        message:
          "the generated types of tool 'notes.pin' differ from the Static type of its schema: NotesPinArgs is not exactly the Static type of its parameters schema; json-schema-to-typescript cannot print this schema faithfully (Type.Readonly, Type.Any or an additionalProperties schema are such cases), so simplify it. (line 118)",
      },
    ]);
  });

  it('a docs page whose markers are broken', async () => {
    const pack = copyExamplePack();
    const page = readPackFile(pack, 'docs/tools.md');
    writePackFile(pack, 'docs/tools.md', page.replace('<!-- wesgine-tools:end -->', ''));
    expect(await problemsOf(generate(pack))).toEqual([
      {
        file: 'docs/tools.md',
        message:
          'has the start marker but no end marker <!-- wesgine-tools:end -->; add one <!-- wesgine-tools:start --> line and one <!-- wesgine-tools:end --> line where the reference should go',
      },
    ]);
    writePackFile(pack, 'docs/tools.md', `${page}\n<!-- wesgine-tools:start -->\n`);
    expect(await problemsOf(generate(pack))).toEqual([
      { file: 'docs/tools.md', message: 'has the start marker 2 times; keep exactly one' },
    ]);
  });
});
