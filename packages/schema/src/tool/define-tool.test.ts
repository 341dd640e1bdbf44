import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { ToolError } from '../errors/tool-error.js';
import { defineTool, isToolDefinition } from './define-tool.js';

const parameters = Type.Object({ path: Type.String() });

function definitionError(spec: unknown): string {
  try {
    defineTool(spec as Parameters<typeof defineTool>[0]);
  } catch (error) {
    expect(ToolError.isInstance(error)).toBe(true);
    expect((error as ToolError).code).toBe('invalid_definition');
    return (error as Error).message;
  }
  throw new Error('defineTool accepted a bad definition');
}

describe('defineTool', () => {
  it('returns a frozen definition with defaults filled in', () => {
    const tool = defineTool({ name: 'read_file', description: 'Read a file.', parameters });
    expect(tool).toMatchObject({ name: 'read_file', description: 'Read a file.', parameters, meta: {}, examples: [] });
    expect(tool.result).toBeUndefined();
    expect(Object.isFrozen(tool)).toBe(true);
    expect(Object.isFrozen(tool.meta)).toBe(true);
    expect(isToolDefinition(tool)).toBe(true);
    expect(isToolDefinition({ ...tool })).toBe(false);
  });

  it('accepts every character the MCP rule allows, up to 128', () => {
    expect(defineTool({ name: 'a.B_9-z', description: 'x', parameters }).name).toBe('a.B_9-z');
    expect(defineTool({ name: 'n'.repeat(128), description: 'x', parameters }).name).toHaveLength(128);
  });

  it.each([
    ['', 'the name is empty'],
    ['read file', `tool 'read file': the name 'read file' contains " "; use only letters, digits, '.', '_' and '-'`],
    ['fs/read', `tool 'fs/read': the name 'fs/read' contains "/"; use only letters, digits, '.', '_' and '-'`],
    ['n'.repeat(129), `tool '${'n'.repeat(129)}': the name is 129 characters long; the limit is 128`],
  ])('rejects the name %j', (name, message) => {
    expect(definitionError({ name, description: 'x', parameters })).toBe(message);
  });

  it('rejects a name that is not a string', () => {
    expect(definitionError({ name: 42, description: 'x', parameters })).toBe('the name must be a string, got number');
  });

  it('rejects parameters that are not an object schema', () => {
    expect(definitionError({ name: 't', description: 'x', parameters: Type.String() })).toBe(
      "tool 't': parameters must be an object schema (Type.Object({...})), got Type.String",
    );
    expect(definitionError({ name: 't', description: 'x', parameters: { type: 'object' } })).toBe(
      "tool 't': parameters must be an object schema (Type.Object({...})), got a plain object (build schemas with Type.*)",
    );
    expect(definitionError({ name: 't', description: 'x' })).toBe(
      "tool 't': parameters must be an object schema (Type.Object({...})), got undefined",
    );
  });

  it('rejects an empty description', () => {
    expect(definitionError({ name: 't', description: '  ', parameters })).toBe(
      "tool 't': the description is empty; the model reads it to decide when to call the tool",
    );
  });

  it('rejects unknown, mistyped and contradictory meta', () => {
    expect(definitionError({ name: 't', description: 'x', parameters, meta: { readonly: true } })).toBe(
      "tool 't': meta.readonly is not a known field; did you mean meta.readOnly?",
    );
    expect(
      definitionError({ name: 't', description: 'x', parameters, meta: { readOnly: true, category: 'action' } }),
    ).toBe("tool 't': meta.readOnly is true but meta.category is 'action'; a read-only tool is 'exploration'");
    expect(
      definitionError({ name: 't', description: 'x', parameters, meta: { readOnly: true, destructive: true } }),
    ).toBe("tool 't': meta.destructive is true on a read-only tool; a tool that destroys data is an action");
    expect(definitionError({ name: 't', description: 'x', parameters, meta: { timeoutMs: 0, strict: 'yes' } })).toBe(
      "tool 't': meta.strict must be a boolean; meta.timeoutMs must be a positive integer",
    );
  });

  it('keeps display-only parameter names, and rejects names that are not parameters', () => {
    const tool = defineTool({ name: 't', description: 'x', parameters, meta: { displayOnly: ['path'] } });
    expect(tool.meta.displayOnly).toEqual(['path']);
    expect(Object.isFrozen(tool.meta.displayOnly)).toBe(true);
    expect(definitionError({ name: 't', description: 'x', parameters, meta: { displayOnly: ['note'] } })).toBe(
      "tool 't': meta.displayOnly names 'note', which is not a parameter",
    );
    expect(definitionError({ name: 't', description: 'x', parameters, meta: { displayOnly: 'path' } })).toBe(
      "tool 't': meta.displayOnly must be an array of parameter names",
    );
    expect(definitionError({ name: 't', description: 'x', parameters, meta: { displayOnly: ['path', 'path'] } })).toBe(
      "tool 't': meta.displayOnly names 'path' twice",
    );
  });
});
