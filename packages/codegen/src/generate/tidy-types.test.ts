import { describe, expect, it } from 'vitest';
import { splitDeclarations } from './tidy-types.js';

describe('splitDeclarations', () => {
  it('splits, indents and drops the "referenced by" notes', () => {
    const source = [
      '/**',
      " * This interface was referenced by `Root`'s JSON-Schema",
      ' * via the `definition` "AArgs".',
      ' */',
      'export interface AArgs {',
      '/**',
      ' * The query, with "{" in it',
      ' */',
      'query: string',
      'nested?: {',
      '"a-b": ("x" | "}")',
      'list: {',
      'p: number',
      '}[]',
      'both: ({',
      'a: string',
      '} & {',
      'b: number',
      '})',
      '}',
      '}',
      'export interface Root {',
      '',
      '}',
      '/**',
      ' * A list.',
      ' *',
      " * This interface was referenced by `Root`'s JSON-Schema",
      ' * via the `definition` "BArgs".',
      ' */',
      'export type BArgs = string[]',
      '',
    ].join('\n');
    expect(splitDeclarations(source)).toEqual([
      {
        name: 'AArgs',
        text: [
          'export interface AArgs {',
          '  /**',
          '   * The query, with "{" in it',
          '   */',
          '  query: string',
          '  nested?: {',
          '    "a-b": ("x" | "}")',
          '    list: {',
          '      p: number',
          '    }[]',
          '    both: ({',
          '      a: string',
          '    } & {',
          '      b: number',
          '    })',
          '  }',
          '}',
        ].join('\n'),
      },
      { name: 'Root', text: 'export interface Root {\n}' },
      { name: 'BArgs', text: '/**\n * A list.\n */\nexport type BArgs = string[]' },
    ]);
  });
});
