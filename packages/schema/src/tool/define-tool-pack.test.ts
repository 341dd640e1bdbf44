import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { ToolError } from '../errors/tool-error.js';
import { defineTool } from './define-tool.js';
import { defineToolPack, isToolPack } from './define-tool-pack.js';

const echo = defineTool({ name: 'echo', description: 'Echo.', parameters: Type.Object({ text: Type.String() }) });
const ping = defineTool({ name: 'ping', description: 'Ping.', parameters: Type.Object({}) });

function packError(spec: unknown): string {
  try {
    defineToolPack(spec as Parameters<typeof defineToolPack>[0]);
  } catch (error) {
    expect(ToolError.isInstance(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('defineToolPack accepted a bad pack');
}

describe('defineToolPack', () => {
  it('bundles tools with their handlers', async () => {
    const pack = defineToolPack({
      name: 'demo',
      version: '1.2.3',
      tools: [echo, ping],
      handlers: { echo: ({ text }) => text, ping: () => 'pong' },
    });
    expect(isToolPack(pack)).toBe(true);
    expect(pack.tools.map((tool) => tool.name)).toEqual(['echo', 'ping']);
    expect(await pack.handlers.echo({ text: 'hi' }, {} as never)).toBe('hi');
    expect(Object.isFrozen(pack.handlers)).toBe(true);
  });

  it('rejects a duplicate tool name', () => {
    expect(packError({ name: 'demo', version: '1.0.0', tools: [echo, echo], handlers: { echo: () => '' } })).toBe(
      "tool 'echo': tool pack 'demo' defines this name twice",
    );
  });

  it('rejects a missing handler and a handler without a tool', () => {
    expect(packError({ name: 'demo', version: '1.0.0', tools: [echo, ping], handlers: { echo: () => '' } })).toBe(
      "tool 'ping': tool pack 'demo' has no handler function for this tool",
    );
    expect(
      packError({ name: 'demo', version: '1.0.0', tools: [echo], handlers: { echo: () => '', pong: () => '' } }),
    ).toBe("tool 'pong': tool pack 'demo' has a handler but no tool with this name");
  });

  it('rejects a bad name, version or tool list', () => {
    expect(packError({ name: '', version: '1.0.0', tools: [], handlers: {} })).toBe(
      'a tool pack needs a name (usually its npm package name)',
    );
    expect(packError({ name: 'demo', version: 'one', tools: [], handlers: {} })).toBe(
      `tool pack 'demo': version must be semver such as 1.0.0, got "one"`,
    );
    expect(packError({ name: 'demo', version: '1.0.0', tools: [{ name: 'x' }], handlers: {} })).toBe(
      "tool pack 'demo': tools[0] was not made by defineTool",
    );
  });
});
