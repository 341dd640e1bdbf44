import { defineTool, defineToolPack, Type } from '@wesgine/schema';
import { describe, expectTypeOf, it } from 'vitest';
import { createEngine } from './create-engine.js';

describe('cell.tools().register types', () => {
  it('types the handler arguments from the parameters', () => {
    const cell = createEngine().createCell({ workDir: '/tmp' });
    cell.tools().register({
      name: 'echo',
      description: 'Echo.',
      parameters: Type.Object({ n: Type.Integer(), label: Type.Optional(Type.String()) }),
      handler: (args) => {
        expectTypeOf(args).toEqualTypeOf<{ n: number; label?: string }>();
        return String(args.n);
      },
    });
    cell.tools().register({
      name: 'bad',
      description: 'Bad.',
      parameters: Type.Object({ n: Type.Integer() }),
      // @ts-expect-error n is a number, not a string
      handler: (args: { n: string }) => args.n,
    });
  });
});

describe('cell.tools().register with a definition', () => {
  it('takes a whole defineTool definition spread with its handler and pack', () => {
    const read = defineTool({
      name: 'read',
      description: 'Read.',
      parameters: Type.Object({ path: Type.String() }),
      result: Type.Object({ size: Type.Number() }),
      examples: [{ args: { path: 'a' } }],
      categoryOf: () => 'exploration',
      pathsOf: ({ path }) => [{ path, access: 'read' }],
    });
    const pack = defineToolPack({
      name: 'p',
      version: '1.0.0',
      tools: [read],
      handlers: { read: () => ({ text: '1', data: { size: 1 } }) },
    });
    const cell = createEngine({ tools: [pack] }).createCell({ workDir: '/tmp' });
    cell.tools().register({ ...read, handler: pack.handlers.read, pack });
    cell.tools().register({
      ...read,
      handler: (args) => {
        expectTypeOf(args).toEqualTypeOf<{ path: string }>();
        return args.path;
      },
    });
    // @ts-expect-error a pack is named by its name and version
    cell.tools().register({ ...read, handler: () => '', pack: { name: 'p' } });
  });
});

describe('createEngine types', () => {
  it('takes one pack or several of different tools, and nothing that is not a pack', () => {
    const a = defineTool({ name: 'a', description: 'A.', parameters: Type.Object({ n: Type.Integer() }) });
    const b = defineTool({ name: 'b', description: 'B.', parameters: Type.Object({ s: Type.String() }) });
    const first = defineToolPack({ name: 'one', version: '1.0.0', tools: [a], handlers: { a: ({ n }) => String(n) } });
    const second = defineToolPack({ name: 'two', version: '1.0.0', tools: [b], handlers: { b: ({ s }) => s } });
    createEngine({ tools: first });
    createEngine({ tools: [first, second] });
    // @ts-expect-error a tool definition is not a pack
    createEngine({ tools: [a] });
  });
});
