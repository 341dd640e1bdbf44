import type { ToolContext, ToolHandler } from '@wesgine/schema';
import { describe, expectTypeOf, it } from 'vitest';
import { lazyHandler } from './lazy-handler.js';

interface Args {
  readonly path: string;
}

describe('lazyHandler', () => {
  it('stands wherever the handler it loads stood, with the same arguments', () => {
    const handler = async (args: Args, _context: ToolContext) => ({ text: args.path, data: { size: 1 } });
    const lazy = lazyHandler(async () => handler);
    expectTypeOf(lazy).toExtend<ToolHandler<Args, { size: number }>>();
    expectTypeOf(lazy).parameters.toEqualTypeOf<[Args, ToolContext]>();
    expectTypeOf(lazy).returns.resolves.toEqualTypeOf<{ text: string; data: { size: number } }>();
  });

  it('refuses a handler for other arguments', () => {
    const handler = (args: { readonly count: number }) => String(args.count);
    // @ts-expect-error: a handler of `count` is no handler of `path`
    const wrong: ToolHandler<Args> = lazyHandler(async () => handler);
    void wrong;
  });
});
