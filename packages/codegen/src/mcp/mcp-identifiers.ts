import { compareText } from '../compare-text.js';
import { pascal } from './mcp-schema-to-jstt.js';

/** A server name as `--name` takes it: what `cell.mcps().upsert({ name })` is given. */
export const SERVER_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** The TypeScript names for one MCP tool: the stem of its types and its method name. */
export interface McpToolIdentifiers {
  /** `get-sum` -> `GetSum`: the stem of `GetSumArgs` and `GetSumResult`. */
  readonly pascal: string;
  /** `get-sum` -> `getSum`: its method in `<server>Tools(run)`. */
  readonly camel: string;
}

/**
 * Identifiers for every tool of a server, unique: names that map alike (`get-sum`, `get_sum`) are told
 * apart by a number, given in name order (`GetSum`, `GetSum2`), so the same tool list always gives the
 * same names whatever order the server lists them in.
 */
export function mcpToolIdentifiers(names: readonly string[]): Map<string, McpToolIdentifiers> {
  const result = new Map<string, McpToolIdentifiers>();
  const used = new Set<string>();
  for (const name of [...names].sort(compareText)) {
    const stem = pascal(name);
    let unique = stem;
    for (let index = 2; used.has(unique); index++) unique = `${stem}${index}`;
    used.add(unique);
    result.set(name, { pascal: unique, camel: `${unique.charAt(0).toLowerCase()}${unique.slice(1)}` });
  }
  return result;
}

/** `my-fs` -> `{ pascal: 'MyFs', camel: 'myFs' }`: the stem of the server's helper names. */
export function serverIdentifiers(name: string): McpToolIdentifiers {
  const stem = pascal(name);
  return { pascal: stem, camel: `${stem.charAt(0).toLowerCase()}${stem.slice(1)}` };
}

/**
 * A default server name from what the server calls itself: the last `/` segment, lower-cased, other
 * characters turned into `-` (`mcp-servers/everything` -> `everything`); `server` when nothing is left.
 */
export function defaultServerName(serverName: string): string {
  const last =
    serverName
      .split('/')
      .filter((part) => part !== '')
      .at(-1) ?? '';
  const cleaned = last
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[^a-z]+|-+$/g, '')
    .slice(0, 64);
  return cleaned === '' ? 'server' : cleaned;
}

/** The name a tool has in a cell's registry, as `upsert({ prefix })` registers it. */
export function registeredName(prefix: string | undefined, tool: string): string {
  return prefix === undefined ? tool : `${prefix}${tool}`;
}
