import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { compileValidator, findMarkedParameters } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { checkMcpServerConfig, type McpServerConfig } from '../mcp/client/mcp-server-config.js';
import { remoteToolDefinition, toolAnnotations } from './remote-tool.js';

const config = (extra: Record<string, unknown> = {}) =>
  checkMcpServerConfig({ name: 'fs', transport: 'stdio', command: 'fs-server', ...extra }, '/work');

/** An MCP server's tool as its source takes it. */
const mcpToolDefinition = (tool: Tool, server: McpServerConfig) =>
  remoteToolDefinition(tool, {
    origin: `the MCP server ${server.name}`,
    ...(server.prefix === undefined ? {} : { prefix: server.prefix }),
    ...(server.timeoutMs === undefined ? {} : { timeoutMs: server.timeoutMs }),
    ...(server.paths?.[tool.name] === undefined ? {} : { paths: server.paths[tool.name] }),
  });

const readFile: Tool = {
  name: 'read_file',
  description: 'Reads a file.',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string' },
      also: { type: 'array', items: { type: 'string' } },
      edits: {
        type: 'array',
        items: { type: 'object', properties: { at: { anyOf: [{ type: 'string' }, { type: 'null' }] } } },
      },
      count: { type: 'number' },
    },
    required: ['path'],
  },
  annotations: { readOnlyHint: true, destructiveHint: true, idempotentHint: true, openWorldHint: false },
};

function defined(tool: Tool, extra?: Record<string, unknown>) {
  const built = mcpToolDefinition(tool, config(extra));
  if (!built.ok) throw new Error(built.reason);
  return built.definition;
}

describe('an MCP tool as a definition', () => {
  it('keeps the schema, closed, and takes readOnlyHint as meta.readOnly only', () => {
    const definition = defined(readFile, { timeoutMs: 500 });
    expect(definition.name).toBe('read_file');
    expect(definition.description).toBe('Reads a file.');
    expect(definition.meta).toEqual({ readOnly: true, idempotent: true, openWorld: false, timeoutMs: 500 });
    expect(compileValidator(definition.parameters).errors({ path: 'a', extra: 1 })).toEqual([
      {
        path: '/extra',
        keyword: 'additionalProperties',
        message: 'unknown key "extra"; the keys allowed here are "path", "also", "edits" and "count"',
      },
    ]);
  });

  it('marks the configured paths, item by item for a list and in the string branch of a nullable', () => {
    const definition = defined(readFile, {
      paths: { read_file: { path: 'read', also: 'read', '/edits/*/at': 'write' } },
    });
    expect(findMarkedParameters(definition.parameters)).toEqual([
      { kind: 'path', pointer: '/also/*', access: 'read' },
      { kind: 'path', pointer: '/edits/*/at', access: 'write' },
      { kind: 'path', pointer: '/path', access: 'read' },
    ]);
  });

  it('leaves a tool out when its paths config cannot apply', () => {
    expect(mcpToolDefinition(readFile, config({ paths: { read_file: { count: 'read' } } }))).toEqual({
      ok: false,
      reason: 'the paths config cannot apply: the argument /count is not a string or a list of strings',
    });
    expect(mcpToolDefinition(readFile, config({ paths: { read_file: { nope: 'read' } } }))).toEqual({
      ok: false,
      reason: 'the paths config cannot apply: the argument /nope is not a parameter of the tool',
    });
  });

  it('puts the prefix before the name, and leaves out a name that cannot be a tool', () => {
    expect(defined(readFile, { prefix: 'fs.' }).name).toBe('fs.read_file');
    expect(mcpToolDefinition({ ...readFile, name: 'read file' }, config())).toEqual({
      ok: false,
      reason: `its name cannot be a tool's here: the name 'read file' contains " "; use only letters, digits, '.', '_' and '-'`,
    });
  });

  it('takes the output schema as the result and falls back on the title for the description', () => {
    const definition = defined({
      name: 'weather',
      title: 'Weather',
      inputSchema: { type: 'object' },
      outputSchema: { type: 'object', properties: { t: { type: 'number' } } },
    });
    expect(definition.description).toBe('Weather');
    expect(definition.result).toMatchObject({ type: 'object', properties: { t: { type: 'number' } } });
    expect(defined({ name: 'bare', inputSchema: { type: 'object' } }).description).toBe(
      'The tool bare of the MCP server fs.',
    );
  });

  it('takes $ref and $defs and type lists, and leaves out what the validator cannot take', () => {
    const definition = defined({
      name: 'tree',
      inputSchema: {
        type: 'object',
        properties: { node: { $ref: '#/$defs/node' }, id: { type: ['string', 'integer'] } },
        $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } } },
      },
    });
    const validator = compileValidator(definition.parameters);
    expect(validator.check({ node: { child: { child: {} } }, id: 3 })).toBe(true);
    expect(validator.check({ id: 1.5 })).toBe(false);
    expect(
      mcpToolDefinition(
        { name: 'bad', inputSchema: { type: 'object', properties: { a: { $ref: '#/nope' } } } },
        config(),
      ),
    ).toEqual({
      ok: false,
      reason: `the validator cannot take its schema: cannot resolve $ref "#/nope": refer to '#/$defs/name' or an $id in the same schema`,
    });
    expect(
      mcpToolDefinition(
        { name: 'task', inputSchema: { type: 'object' }, execution: { taskSupport: 'required' } },
        config(),
      ),
    ).toEqual({
      ok: false,
      reason: 'it runs only as an MCP task, which this client does not start',
    });
  });
});

describe("a tool's meta as MCP annotations", () => {
  it('gives destructive and idempotent hints only beside a write, and a readOnlyHint only when it is known', () => {
    const meta = { destructive: true, idempotent: false, openWorld: true, timeoutMs: 5 };
    expect(toolAnnotations(meta, true)).toEqual({ readOnlyHint: true, openWorldHint: true });
    expect(toolAnnotations(meta, false)).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(toolAnnotations({}, undefined)).toEqual({});
  });

  it('comes back as the same meta when a listed tool is read', () => {
    const meta = { destructive: false, idempotent: true, openWorld: false };
    const built = remoteToolDefinition(
      { name: 'twice', inputSchema: { type: 'object' }, annotations: toolAnnotations(meta, false) },
      { origin: 'the plugin p' },
    );
    expect(built.ok && built.definition.meta).toEqual(meta);
  });
});
