import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { ToolError } from '../errors/tool-error.js';
import { defineTool } from '../tool/define-tool.js';

const parameters = Type.Object({ path: Type.String(), limit: Type.Optional(Type.Integer({ minimum: 1 })) });

function definitionError(examples: unknown, schema: typeof parameters = parameters): string {
  try {
    defineTool({ name: 'read_file', description: 'Read a file.', parameters: schema, examples: examples as never });
  } catch (error) {
    expect(ToolError.isInstance(error)).toBe(true);
    expect((error as ToolError).code).toBe('invalid_definition');
    return (error as Error).message;
  }
  throw new Error('defineTool accepted a bad example');
}

describe('defineTool checks its examples', () => {
  it('accepts examples that match the parameters', () => {
    const tool = defineTool({
      name: 'read_file',
      description: 'Read a file.',
      parameters,
      examples: [{ args: { path: 'a.ts' } }, { description: 'the first lines', args: { path: 'a.ts', limit: 10 } }],
    });
    expect(tool.examples).toHaveLength(2);
  });

  it('names the first bad example and lists its issues', () => {
    expect(definitionError([{ args: { path: 'a.ts' } }, { args: { limit: 0, extra: 1 } }])).toBe(
      [
        "tool 'read_file': examples[1] does not match the parameters (3 problems):",
        '- /extra: unknown key "extra"; the keys allowed here are "path" and "limit"',
        '- /limit: must be >= 1, got 0',
        '- /path: is required but missing; expected a string',
      ].join('\n'),
    );
    expect(definitionError([{}])).toBe(
      [
        "tool 'read_file': examples[0] does not match the parameters (1 problem):",
        '- (arguments): must be an object, got nothing (undefined)',
      ].join('\n'),
    );
  });

  it('says when the schema cannot be checked at all', () => {
    const odd = Type.Object({ list: Type.Array(Type.String(), { unevaluatedItems: false }) });
    expect(definitionError([{ args: { list: ['x'] } }], odd as never)).toBe(
      `tool 'read_file': the examples cannot be checked: the JSON Schema keyword "unevaluatedItems" is not supported by the @wesgine/schema validator`,
    );
  });
});
