import { Type } from '@sinclair/typebox';
import { describe, expectTypeOf, it } from 'vitest';
import { defineTool } from './define-tool.js';
import { type AnyToolPack, defineToolPack, type ToolPack } from './define-tool-pack.js';
import { mergeToolPacks } from './merge-tool-packs.js';
import type { HandlerOf } from './tool-handler.js';

const read = defineTool({ name: 'read', description: 'Read.', parameters: Type.Object({ path: Type.String() }) });
const stat = defineTool({
  name: 'stat',
  description: 'Stat.',
  parameters: Type.Object({ path: Type.String() }),
  result: Type.Object({ size: Type.Number() }),
});
const note = defineTool({ name: 'note', description: 'Note.', parameters: Type.Object({ text: Type.String() }) });
const files = defineToolPack({
  name: 'files',
  version: '1.0.0',
  tools: [read, stat],
  handlers: { read: ({ path }) => path, stat: () => ({ text: '1', data: { size: 1 } }) },
  unlisted: ['stat'],
});
const notes = defineToolPack({ name: 'notes', version: '1.0.0', tools: [note], handlers: { note: () => '' } });

describe('mergeToolPacks types', () => {
  it('types the merged tools and handlers', () => {
    const merged = mergeToolPacks({ name: 'all', version: '1.0.0' }, files, notes);
    expectTypeOf(merged).toEqualTypeOf<ToolPack<readonly [typeof read, typeof stat, typeof note]>>();
    expectTypeOf(merged.handlers.stat).toEqualTypeOf<HandlerOf<typeof stat>>();
    expectTypeOf(merged.handlers.note).toEqualTypeOf<HandlerOf<typeof note>>();
    expectTypeOf(merged.unlisted).toEqualTypeOf<readonly ('read' | 'stat' | 'note')[]>();
    expectTypeOf(merged).toExtend<AnyToolPack>();
    // @ts-expect-error the merge has no tool 'write'
    merged.handlers.write;
  });
});

describe('merging by hand with defineToolPack', () => {
  it("type-checks with every pack's tools, handlers and unlisted names", () => {
    const merged = defineToolPack({
      name: 'all',
      version: '1.0.0',
      tools: [...files.tools, ...notes.tools],
      handlers: { ...files.handlers, ...notes.handlers },
      unlisted: [...files.unlisted, ...notes.unlisted],
    });
    expectTypeOf(merged.handlers.note).toEqualTypeOf<HandlerOf<typeof note>>();
  });

  it('still fails to compile when a handler is missing', () => {
    defineToolPack({
      name: 'all',
      version: '1.0.0',
      tools: [...files.tools, ...notes.tools],
      // @ts-expect-error the handler for 'note' is missing
      handlers: { ...files.handlers },
    });
  });

  it('still fails to compile for an unlisted name that is no tool of the merge', () => {
    defineToolPack({
      name: 'all',
      version: '1.0.0',
      tools: [...files.tools],
      handlers: { ...files.handlers },
      // @ts-expect-error 'note' is not a tool of this pack
      unlisted: [...files.unlisted, ...notes.unlisted],
    });
  });
});
