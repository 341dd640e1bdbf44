import { type Static, Type } from '@sinclair/typebox';
import { describe, expectTypeOf, it } from 'vitest';
import { type ArgsOf, defineTool, type ResultOf } from './define-tool.js';

describe('defineTool types', () => {
  const read = defineTool({
    name: 'read_file',
    description: 'Read a file.',
    parameters: Type.Object({ path: Type.String(), offset: Type.Optional(Type.Integer()) }),
    result: Type.Object({ lines: Type.Number() }),
  });

  it('keeps the literal name', () => {
    expectTypeOf(read.name).toEqualTypeOf<'read_file'>();
  });

  it('derives the arguments and result from the schemas', () => {
    expectTypeOf<ArgsOf<typeof read>>().toEqualTypeOf<{ path: string; offset?: number }>();
    expectTypeOf<ResultOf<typeof read>>().toEqualTypeOf<{ lines: number }>();
  });

  it('has an undefined result type when no result schema is given', () => {
    const tool = defineTool({ name: 'ping', description: 'Ping.', parameters: Type.Object({}) });
    expectTypeOf<ResultOf<typeof tool>>().toEqualTypeOf<undefined>();
  });

  it('types examples from the parameters', () => {
    const parameters = Type.Object({ q: Type.String() });
    defineTool({ name: 'search', description: 'Search.', parameters, examples: [{ args: { q: 'x' } }] });
    // @ts-expect-error an example's args must match the schema
    defineTool({ name: 'search', description: 'Search.', parameters, examples: [{ args: { q: 1 } }] });
    expectTypeOf<Static<typeof parameters>>().toEqualTypeOf<{ q: string }>();
  });

  it('keeps the arguments type of a closed object, and of one opened with additionalProperties', () => {
    const closed = defineTool({ name: 'c', description: 'C.', parameters: Type.Object({ a: Type.String() }) });
    const open = defineTool({
      name: 'o',
      description: 'O.',
      parameters: Type.Object({ a: Type.String() }, { additionalProperties: true }),
    });
    expectTypeOf<ArgsOf<typeof closed>>().toEqualTypeOf<{ a: string }>();
    expectTypeOf<ArgsOf<typeof open>>().toEqualTypeOf<{ a: string }>();
    expectTypeOf(closed.parameters.properties.a).toEqualTypeOf<ReturnType<typeof Type.String>>();
  });

  it('takes meta.delegates as a boolean', () => {
    defineTool({ name: 'd', description: 'D.', parameters: Type.Object({}), meta: { delegates: true } });
    // @ts-expect-error delegates is a boolean
    defineTool({ name: 'd', description: 'D.', parameters: Type.Object({}), meta: { delegates: 'yes' } });
  });

  it('rejects a non-object parameters schema at compile time', () => {
    // @ts-expect-error parameters must be Type.Object
    defineTool({ name: 'bad', description: 'Bad.', parameters: Type.String() });
  });
});
