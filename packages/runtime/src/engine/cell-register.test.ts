import { existsSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineTool, defineToolPack, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { createEngine } from './create-engine.js';

// A pack tool whose paths live inside its text (`from>to`): only its pathsOf tells governance about them.
const copy = defineTool({
  name: 'copy',
  description: 'Copy a file: "from>to".',
  parameters: Type.Object({ spec: Type.String() }),
  result: Type.Object({ to: Type.String() }),
  examples: [{ description: 'Copy a note.', args: { spec: 'a.txt>b.txt' } }],
  categoryOf: ({ spec }) => (spec.startsWith('!') ? 'exploration' : 'action'),
  pathsOf: ({ spec }) => {
    const [from = '', to = ''] = spec.split('>');
    return [
      { path: from, access: 'read' },
      { path: to, access: 'write' },
    ];
  },
  meta: { aliases: ['cp'] },
});
const pack = defineToolPack({
  name: '@me/files',
  version: '1.2.0',
  tools: [copy],
  handlers: {
    copy: ({ spec }, context) => {
      const to = resolve(context.workDir, spec.split('>')[1] ?? '');
      writeFileSync(to, 'copied');
      return { text: `copied to ${to}`, data: { to } };
    },
  },
});

function folders(): { work: string; outside: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-register-')));
  mkdirSync(join(root, 'work'));
  mkdirSync(join(root, 'outside'));
  writeFileSync(join(root, 'work/a.txt'), 'a');
  return { work: join(root, 'work'), outside: join(root, 'outside') };
}

describe('cell.tools().register with a whole definition', () => {
  it("keeps a pack tool's pathsOf: a path outside the roots is refused before the handler runs", async () => {
    const { work, outside } = folders();
    const cell = createEngine().createCell({ workDir: work });
    cell.tools().register({ ...copy, handler: pack.handlers.copy, pack });
    const run = cell.run();
    const refused = await run.call('copy', { spec: 'a.txt>../outside/b.txt' });
    expect(refused).toEqual({
      isError: true,
      code: 'path_not_allowed',
      text: `Not allowed: ../outside/b.txt is outside the allowed folders (${work}).`,
    });
    expect(existsSync(join(outside, 'b.txt'))).toBe(false);
    // Inside the roots the same call runs.
    expect(await run.call('copy', { spec: 'a.txt>b.txt' })).toMatchObject({ isError: false });
    expect(existsSync(join(work, 'b.txt'))).toBe(true);
  });

  it('keeps the result, examples, categoryOf and meta, and credits the pack in the audit record', async () => {
    const cell = createEngine().createCell({ workDir: folders().work });
    cell.tools().register({ ...copy, handler: pack.handlers.copy, pack });
    const registered = cell.cellTool('copy');
    expect(registered).toMatchObject({
      source: 'sdk',
      provenance: '@me/files@1.2.0',
      pack: { name: '@me/files', version: '1.2.0' },
    });
    const definition = registered?.definition;
    expect(definition?.result).toEqual(copy.result);
    expect(definition?.examples).toEqual(copy.examples);
    expect(definition?.meta.aliases).toEqual(['cp']);
    expect(definition?.categoryOf?.({ spec: '!a>b' })).toBe('exploration');
    await cell.run().call('copy', { spec: 'a.txt>c.txt' });
    expect(cell.auditLog().at(-1)).toMatchObject({ tool: 'copy', source: 'sdk', provenance: '@me/files@1.2.0' });
  });

  it("names the pack of a tool a source's tool would clash with", () => {
    const cell = createEngine().createCell({ workDir: folders().work });
    cell.tools().register({ ...copy, handler: pack.handlers.copy, pack });
    const source = {
      kind: 'mcp' as const,
      id: 'mcp:x',
      provenance: 'mcp:x 1.0',
      tools: () => [
        { definition: defineTool({ name: 'copy', description: 'C.', parameters: Type.Object({}) }), handler: () => '' },
      ],
    };
    const warnings: string[] = [];
    cell.onEvent((event) => {
      if (event.kind === 'source') warnings.push(event.message);
    });
    cell.sources().add(source);
    expect(warnings).toEqual([
      "the tool 'copy' of mcp:x was left out: its name is taken by an SDK tool of the cell (from @me/files@1.2.0)",
    ]);
  });

  it('credits the cell when no pack is named, and refuses a pack that has no such tool', () => {
    const cell = createEngine().createCell({ workDir: folders().work });
    cell.tools().register({ ...copy, handler: () => 'x' });
    expect(cell.cellTool('copy')?.provenance).toBe(`cell ${cell.id}`);
    expect(cell.cellTool('copy')?.pack).toBeUndefined();
    const other = defineToolPack({ name: 'other', version: '1.0.0', tools: [], handlers: {} });
    expect(() => cell.tools().register({ ...copy, name: 'copy2', handler: () => 'x', pack: other })).toThrow(
      "the tool 'copy2' names the pack other@1.0.0, which has no tool of that name",
    );
  });
});
