import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { defineTool } from './define-tool.js';
import { defineToolPack, isToolPack } from './define-tool-pack.js';
import { mergeToolPacks } from './merge-tool-packs.js';

const read = defineTool({
  name: 'read',
  description: 'Read.',
  parameters: Type.Object({ path: Type.String() }),
  meta: { aliases: ['cat'] },
});
const note = defineTool({ name: 'note', description: 'Note.', parameters: Type.Object({ text: Type.String() }) });
const files = defineToolPack({
  name: 'files',
  version: '1.0.0',
  tools: [read],
  handlers: { read: ({ path }) => `read ${path}` },
  unlisted: ['read'],
});
const notes = defineToolPack({
  name: 'notes',
  version: '2.0.0',
  tools: [note],
  handlers: { note: ({ text }) => `noted ${text}` },
});

describe('mergeToolPacks', () => {
  it('makes one pack of several: their tools in order, their handlers and unlisted names', () => {
    const merged = mergeToolPacks({ name: 'all', version: '3.0.0' }, files, notes);
    expect(isToolPack(merged)).toBe(true);
    expect(merged.name).toBe('all');
    expect(merged.version).toBe('3.0.0');
    expect(merged.tools.map((tool) => tool.name)).toEqual(['read', 'note']);
    expect(merged.unlisted).toEqual(['read']);
    expect(merged.handlers.note({ text: 'x' }, undefined as never)).toBe('noted x');
    expect(Object.isFrozen(merged)).toBe(true);
  });

  it('refuses a tool name or an alias found in two packs, naming both', () => {
    const cat = defineTool({ name: 'cat', description: 'Cat.', parameters: Type.Object({}) });
    const cats = defineToolPack({ name: 'cats', version: '0.1.0', tools: [cat], handlers: { cat: () => '' } });
    expect(() => mergeToolPacks({ name: 'all', version: '1.0.0' }, files, cats)).toThrow(
      "tool 'cat': mergeToolPacks: both files@1.0.0 and cats@0.1.0 have a tool or alias of this name; a merged pack needs one",
    );
    expect(() => mergeToolPacks({ name: 'all', version: '1.0.0' }, notes, notes)).toThrow(
      "tool 'note': mergeToolPacks: both notes@2.0.0 and notes@2.0.0 have a tool or alias of this name; a merged pack needs one",
    );
  });

  it("checks the new pack's identity as defineToolPack does", () => {
    expect(() => mergeToolPacks({ name: 'all', version: 'one' }, files)).toThrow(
      'tool pack \'all\': version must be semver such as 1.0.0, got "one"',
    );
  });
});
