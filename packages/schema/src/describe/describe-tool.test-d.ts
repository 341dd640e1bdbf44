import { Type } from '@sinclair/typebox';
import { describe, expectTypeOf, it } from 'vitest';
import { toJsonSchemaTool } from '../export/json-schema-tool.js';
import { type AnyToolDefinition, defineTool } from '../tool/define-tool.js';
import { type DescribableTool, describeTool } from './describe-tool.js';
import type { ParameterDescription, ToolDescription } from './tool-description.js';

describe('describeTool types', () => {
  it('takes a definition, any definition, and a tool of JSON Schema (an MCP server, our JSON form)', () => {
    const read = defineTool({
      name: 'read',
      description: 'Read.',
      parameters: Type.Object({ path: Type.String() }),
      examples: [{ args: { path: 'a' } }],
    });
    expectTypeOf(describeTool(read)).toEqualTypeOf<ToolDescription>();
    expectTypeOf<AnyToolDefinition>().toExtend<DescribableTool>();
    expectTypeOf(toJsonSchemaTool(read)).toExtend<DescribableTool>();
    expectTypeOf(describeTool).toBeCallableWith({ name: 'x', description: 'X.', parameters: { type: 'object' } });
    // @ts-expect-error a category is one of the two
    describeTool(read, { category: 'read-only' });
    // @ts-expect-error a tool has a description
    describeTool({ name: 'x', parameters: {} });
  });

  it('gives read-only data: renderers cannot change the model they print', () => {
    const described = describeTool(defineTool({ name: 'x', description: 'X.', parameters: Type.Object({}) }));
    // @ts-expect-error readonly
    described.aliases.push('y');
    expectTypeOf(described.parameters).toEqualTypeOf<readonly ParameterDescription[]>();
    expectTypeOf<ParameterDescription['children']>().toEqualTypeOf<readonly ParameterDescription[]>();
  });
});
