import { Type } from '@sinclair/typebox';
import { describe, expectTypeOf, it } from 'vitest';
import { defineTool } from './define-tool.js';
import { type AnyToolPack, defineToolPack } from './define-tool-pack.js';
import type { ToolContext } from './tool-context.js';
import type { HandlerOf, ToolHandler } from './tool-handler.js';

const read = defineTool({
  name: 'read',
  description: 'Read.',
  parameters: Type.Object({ path: Type.String(), limit: Type.Optional(Type.Integer()) }),
});
const stat = defineTool({
  name: 'stat',
  description: 'Stat.',
  parameters: Type.Object({ path: Type.String() }),
  result: Type.Object({ size: Type.Number() }),
});

describe('defineToolPack types', () => {
  it('types handler arguments from the schema', () => {
    defineToolPack({
      name: 'p',
      version: '1.0.0',
      tools: [read, stat],
      handlers: {
        read: (args, context) => {
          expectTypeOf(args).toEqualTypeOf<{ path: string; limit?: number }>();
          expectTypeOf(context).toEqualTypeOf<ToolContext>();
          return args.path;
        },
        stat: async () => ({ text: '1 byte', data: { size: 1 } }),
      },
    });
  });

  it('fails to compile when a handler is missing', () => {
    defineToolPack({
      name: 'p',
      version: '1.0.0',
      tools: [read, stat],
      // @ts-expect-error the handler for 'stat' is missing
      handlers: { read: () => '' },
    });
  });

  it('fails to compile when a handler has the wrong argument type', () => {
    defineToolPack({
      name: 'p',
      version: '1.0.0',
      tools: [read],
      handlers: {
        // @ts-expect-error path is a string, not a number
        read: (args: { path: number }) => String(args.path),
      },
    });
  });

  it('fails to compile when a handler returns the wrong result', () => {
    defineToolPack({
      name: 'p',
      version: '1.0.0',
      tools: [stat],
      handlers: {
        // @ts-expect-error a tool with a result schema must return { text, data } of that type
        stat: () => ({ text: 'x', data: { size: 'big' } }),
      },
    });
    defineToolPack({
      name: 'p',
      version: '1.0.0',
      tools: [stat],
      handlers: {
        // @ts-expect-error a bare string is not enough when the tool declares a result
        stat: () => 'x',
      },
    });
  });

  it('fails to compile for a handler with no tool', () => {
    defineToolPack({
      name: 'p',
      version: '1.0.0',
      tools: [read],
      // @ts-expect-error 'write' is not a tool of this pack
      handlers: { read: () => '', write: () => '' },
    });
  });

  it('derives the handler type of one tool', () => {
    expectTypeOf<HandlerOf<typeof stat>>().toEqualTypeOf<ToolHandler<{ path: string }, { size: number }>>();
  });
});

describe('AnyToolPack', () => {
  it('accepts a pack of specific tools', () => {
    const pack = defineToolPack({ name: 'p', version: '1.0.0', tools: [read], handlers: { read: () => '' } });
    expectTypeOf(pack).toExtend<AnyToolPack>();
  });
});
