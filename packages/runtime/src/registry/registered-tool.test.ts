import { defineTool, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { registerTool } from './registered-tool.js';

describe('registerTool', () => {
  it('turns a schema too deep to compile into a sentence naming the tool and its source', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 20_000; level++) deep = { anyOf: [deep] };
    // As a source might hand it over: a definition whose schema never went through defineTool's copy.
    const definition = { ...defineTool({ name: 'deep', description: 'Deep.', parameters: Type.Object({}) }) };
    const hostile = { ...definition, parameters: { ...definition.parameters, properties: { x: deep } } };
    expect(() => registerTool(hostile as never, () => 'x', 'mcp', 'mcp:evil@1.0')).toThrow(
      "the tool 'deep' from mcp:evil@1.0 cannot be registered: the schema nests too deeply",
    );
  });

  it('refuses a schema nested past the limit through defineTool with a definition error', () => {
    let deep = Type.Object({});
    for (let level = 0; level < 200; level++) deep = Type.Object({ a: deep });
    expect(() => defineTool({ name: 'deep', description: 'Deep.', parameters: deep })).toThrow(
      "tool 'deep': the schema nests more than 128 levels deep",
    );
  });
});
