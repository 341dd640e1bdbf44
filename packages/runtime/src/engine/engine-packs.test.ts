import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineTool, defineToolPack, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { createEngine } from './create-engine.js';

const workDir = () => realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-packs-')));

const read = defineTool({
  name: 'read',
  description: 'Read.',
  parameters: Type.Object({}),
  meta: { readOnly: true, aliases: ['cat'] },
});
const hidden = defineTool({ name: 'hidden', description: 'Hidden.', parameters: Type.Object({}) });
const base = defineToolPack({
  name: 'base',
  version: '1.0.0',
  tools: [read, hidden],
  handlers: { read: () => 'base read', hidden: () => 'base hidden' },
  unlisted: ['hidden'],
});
const note = defineTool({
  name: 'note',
  description: 'Note.',
  parameters: Type.Object({ text: Type.String() }),
  meta: { progressAware: true },
});
const secret = defineTool({ name: 'secret', description: 'Secret.', parameters: Type.Object({}) });
const mine = defineToolPack({
  name: '@me/notes',
  version: '2.3.4',
  tools: [note, secret],
  handlers: { note: ({ text }) => `noted ${text}`, secret: () => 'mine hidden' },
  unlisted: ['secret'],
});

describe('createEngine with several packs', () => {
  it("offers every pack's tools, each with its own pack as provenance", async () => {
    const engine = createEngine({ tools: [base, mine] });
    expect([...engine.tools.keys()]).toEqual(['read', 'hidden', 'note', 'secret']);
    expect(engine.tools.get('read')?.pack).toEqual({ name: 'base', version: '1.0.0' });
    expect(engine.tools.get('note')).toMatchObject({
      source: 'engine',
      provenance: '@me/notes@2.3.4',
      pack: { name: '@me/notes', version: '2.3.4' },
    });
    expect(engine.categories).toEqual({
      read: 'exploration',
      cat: 'exploration',
      hidden: 'action',
      note: 'action',
      secret: 'action',
    });
    expect(engine.progressAware).toEqual(['note']);
    expect([...engine.unlisted]).toEqual(['hidden', 'secret']);

    const cell = engine.createCell({ workDir: workDir() });
    const run = cell.run();
    expect(run.tools().map((tool) => tool.name)).toEqual(['note', 'read']);
    expect(await run.call('cat', {})).toEqual({ isError: false, text: 'base read' });
    expect(await run.call('note', { text: 'x' })).toEqual({ isError: false, text: 'noted x' });
    expect(await run.call('secret', {})).toEqual({ isError: false, text: 'mine hidden' });
    // The audit record names the pack each tool came from.
    expect(cell.auditLog().map(({ tool, provenance }) => `${tool} ${provenance}`)).toEqual([
      'read base@1.0.0',
      'note @me/notes@2.3.4',
      'secret @me/notes@2.3.4',
    ]);
  });

  it('keeps a single pack working, and an empty list is no tools', () => {
    expect([...createEngine({ tools: mine }).tools.keys()]).toEqual(['note', 'secret']);
    expect(createEngine({ tools: [] }).tools.size).toBe(0);
  });

  it('refuses two packs with a tool of the same name, naming both', () => {
    const other = defineToolPack({ name: 'other', version: '0.1.0', tools: [read], handlers: { read: () => '' } });
    expect(() => createEngine({ tools: [base, other] })).toThrow(
      "the engine's packs name 'read' twice: a tool of base@1.0.0 and a tool of other@0.1.0; a name (or alias) belongs to one tool of the engine",
    );
  });

  it("refuses a pack's tool named like another pack's alias, either way round", () => {
    const cat = defineTool({ name: 'cat', description: 'Cat.', parameters: Type.Object({}) });
    const cats = defineToolPack({ name: 'cats', version: '1.0.0', tools: [cat], handlers: { cat: () => '' } });
    expect(() => createEngine({ tools: [base, cats] })).toThrow(
      "the engine's packs name 'cat' twice: an alias of 'read' in base@1.0.0 and a tool of cats@1.0.0; a name (or alias) belongs to one tool of the engine",
    );
    expect(() => createEngine({ tools: [cats, base] })).toThrow(
      "the engine's packs name 'cat' twice: a tool of cats@1.0.0 and an alias of 'read' in base@1.0.0; a name (or alias) belongs to one tool of the engine",
    );
  });

  it('refuses the same pack twice and a value that is not a pack', () => {
    expect(() => createEngine({ tools: [base, base] })).toThrow(
      'createEngine: the tool pack base@1.0.0 is given twice',
    );
    expect(() => createEngine({ tools: [base, { name: 'x' } as never] })).toThrow(
      'createEngine: tools[1] is not a tool pack; make one with defineToolPack',
    );
  });
});
