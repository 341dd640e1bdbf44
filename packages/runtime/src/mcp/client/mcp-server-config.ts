import { isAbsolute, resolve } from 'node:path';
import { closeNames, type PathAccess, toolNameProblem } from '@wesgine/schema';

/** How a cell reaches an MCP server: a child process on stdio, or a Streamable HTTP endpoint. */
export type McpTransport = 'stdio' | 'http';

/** What `cell.mcps().upsert` takes: one MCP server and how its tools join the cell. */
export interface McpServerConfig {
  /** Letters, digits, `_`, `-` and `.`; the source is `mcp:<name>` (zone rules and audit use it). */
  readonly name: string;
  readonly transport: McpTransport;
  /** stdio: the program to start (looked up on PATH) and its arguments. */
  readonly command?: string;
  readonly args?: readonly string[];
  /** stdio: added to the child's small default environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** stdio: where the child runs, relative to the cell's workDir; the workDir when absent. */
  readonly cwd?: string;
  /** http: the Streamable HTTP endpoint (`http:` or `https:`). */
  readonly url?: string;
  /** http: sent with every request (an `Authorization` header, say). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Put before every tool name of this server (`gh.` makes `issues` into `gh.issues`). */
  readonly prefix?: string;
  /** Only these tools of the server (by the server's names); every tool when absent. */
  readonly tools?: readonly string[];
  /** Each call's time limit in milliseconds; the cell's default when absent. */
  readonly timeoutMs?: number;
  /**
   * Which arguments of which tools are file-system paths, for Hardline and the Sandbox to judge:
   * `{ read_file: { path: 'read' }, move_file: { source: 'write', destination: 'write' } }`. A key is a
   * top-level argument or a JSON pointer (`/edits/*\/path`; an array of strings is marked item by item).
   */
  readonly paths?: Readonly<Record<string, Readonly<Record<string, PathAccess>>>>;
  /** stdio: `false` runs the server with the host process's rights (list() and every audit event say so). */
  readonly sandbox?: boolean;
  /**
   * Whether the server is told the cell's roots (its workDir and allowPaths, as MCP `roots`), so a
   * server that honours them (the filesystem server does) keeps to them on its own; true when absent.
   */
  readonly roots?: boolean;
}

/** The longest delay a Node timer keeps (2^31 - 1 ms). */
const MAX_TIMEOUT_MS = 2_147_483_647;
const NAME_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const KEYS = [
  'name',
  'transport',
  'command',
  'args',
  'env',
  'cwd',
  'url',
  'headers',
  'prefix',
  'tools',
  'timeoutMs',
  'paths',
  'sandbox',
  'roots',
] as const;
const STDIO_ONLY = ['command', 'args', 'env', 'cwd', 'sandbox'] as const;
const HTTP_ONLY = ['url', 'headers'] as const;

/**
 * Checks an MCP server's config and returns a frozen copy of it (a relative `cwd` resolved against
 * `workDir`, each `paths` key made a JSON pointer). Throws an `Error` naming the first problem.
 */
export function checkMcpServerConfig(value: unknown, workDir: string): McpServerConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('an MCP server config must be an object with a name and a transport');
  }
  const config = value as Record<string, unknown>;
  for (const key of Object.keys(config)) {
    if (!(KEYS as readonly string[]).includes(key)) {
      const [near] = closeNames(key, KEYS);
      throw new Error(
        `the MCP server config has an unknown field '${key}'${near === undefined ? '' : `; did you mean '${near}'?`}`,
      );
    }
  }
  const { name, transport } = config;
  if (typeof name !== 'string' || !NAME_PATTERN.test(name)) {
    throw new Error(
      `an MCP server's name must be 1 to 64 letters, digits, '_', '-' or '.', got ${JSON.stringify(name)}`,
    );
  }
  const called = `the MCP server '${name}'`;
  if (transport !== 'stdio' && transport !== 'http') {
    throw new Error(`${called} needs a transport, 'stdio' or 'http', got ${JSON.stringify(transport)}`);
  }
  const foreign = (transport === 'stdio' ? HTTP_ONLY : STDIO_ONLY).filter((key) => config[key] !== undefined);
  if (foreign.length > 0) {
    const other = transport === 'stdio' ? 'http' : 'stdio';
    const verb = foreign.length === 1 ? 'applies' : 'apply';
    throw new Error(
      `${called} uses the ${transport} transport; ${foreign.join(', ')} ${verb} only to ${other} servers`,
    );
  }
  const checked: Record<string, unknown> = { name, transport };
  if (transport === 'stdio') {
    if (typeof config.command !== 'string' || config.command.trim() === '') {
      throw new Error(`${called} uses the stdio transport and needs a command to start`);
    }
    checked.command = config.command;
    if (config.args !== undefined) checked.args = stringList(config.args, `${called}: args`);
    if (config.env !== undefined) checked.env = stringMap(config.env, `${called}: env`);
    if (config.cwd !== undefined) {
      if (typeof config.cwd !== 'string' || config.cwd === '') throw new Error(`${called}: cwd must be a folder path`);
      checked.cwd = isAbsolute(config.cwd) ? config.cwd : resolve(workDir, config.cwd);
    }
    if (config.sandbox !== undefined) {
      if (typeof config.sandbox !== 'boolean') throw new Error(`${called}: sandbox must be true or false`);
      checked.sandbox = config.sandbox;
    }
  } else {
    checked.url = httpUrl(config.url, called);
    if (config.headers !== undefined) checked.headers = stringMap(config.headers, `${called}: headers`);
  }
  if (config.prefix !== undefined) {
    const problem =
      typeof config.prefix === 'string' && config.prefix !== '' ? toolNameProblem(`${config.prefix}x`) : '';
    if (problem !== undefined) {
      throw new Error(`${called}: prefix must be a few letters, digits, '.', '_' or '-' put before each tool name`);
    }
    checked.prefix = config.prefix;
  }
  if (config.tools !== undefined) {
    const tools = stringList(config.tools, `${called}: tools`);
    const twice = tools.find((tool, index) => tools.indexOf(tool) !== index);
    if (twice !== undefined) throw new Error(`${called}: tools names '${twice}' twice`);
    checked.tools = tools;
  }
  if (config.timeoutMs !== undefined) {
    const { timeoutMs } = config;
    if (typeof timeoutMs !== 'number' || !Number.isInteger(timeoutMs) || timeoutMs <= 0) {
      throw new Error(`${called}: timeoutMs must be a positive whole number of milliseconds`);
    }
    // A longer delay makes Node's timers fire at once, so every call would time out.
    if (timeoutMs > MAX_TIMEOUT_MS) {
      throw new Error(`${called}: timeoutMs must be at most ${MAX_TIMEOUT_MS} milliseconds (about 24 days)`);
    }
    checked.timeoutMs = timeoutMs;
  }
  if (config.paths !== undefined) checked.paths = pathMap(config.paths, called);
  if (config.roots !== undefined) {
    if (typeof config.roots !== 'boolean') throw new Error(`${called}: roots must be true or false`);
    checked.roots = config.roots;
  }
  return Object.freeze(checked) as unknown as McpServerConfig;
}

/** A JSON pointer for a `paths` key: `path` is `/path`; a pointer stays as it is. */
export function argumentPointer(key: string): string {
  return key.startsWith('/') ? key : `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

function httpUrl(value: unknown, called: string): string {
  if (typeof value !== 'string' || value === '') throw new Error(`${called} uses the http transport and needs a url`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${called}: url ${JSON.stringify(value)} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${called}: url must start with http: or https:, got ${url.protocol}`);
  }
  return url.href;
}

function stringList(value: unknown, field: string): readonly string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new Error(`${field} must be a list of strings`);
  }
  return Object.freeze([...value]);
}

function stringMap(value: unknown, field: string): Readonly<Record<string, string>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${field} must map names to strings`);
  }
  const entries = Object.entries(value);
  const bad = entries.find(([, item]) => typeof item !== 'string');
  if (bad !== undefined) throw new Error(`${field}: the value of '${bad[0]}' must be a string`);
  return Object.freeze(Object.fromEntries(entries)) as Readonly<Record<string, string>>;
}

function pathMap(value: unknown, called: string): McpServerConfig['paths'] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${called}: paths must map tool names to their path arguments`);
  }
  // Built from entries, so a tool or argument called `__proto__` is a key, not a prototype.
  const tools: [string, Readonly<Record<string, PathAccess>>][] = [];
  for (const [tool, argumentsOf] of Object.entries(value)) {
    if (typeof argumentsOf !== 'object' || argumentsOf === null || Array.isArray(argumentsOf)) {
      throw new Error(`${called}: paths.${tool} must map argument names to 'read' or 'write'`);
    }
    const marks: [string, PathAccess][] = [];
    for (const [argument, access] of Object.entries(argumentsOf)) {
      if (access !== 'read' && access !== 'write') {
        throw new Error(
          `${called}: paths.${tool}.${argument} must be 'read' or 'write', got ${JSON.stringify(access)}`,
        );
      }
      if (argument === '' || argument === '/') throw new Error(`${called}: paths.${tool} names an empty argument`);
      marks.push([argumentPointer(argument), access]);
    }
    tools.push([tool, Object.freeze(Object.fromEntries(marks))]);
  }
  return Object.freeze(Object.fromEntries(tools));
}
