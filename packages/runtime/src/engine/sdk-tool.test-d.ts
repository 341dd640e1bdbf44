import { Type } from '@wesgine/schema';
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
