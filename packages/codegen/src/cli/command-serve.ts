import { resolve } from 'node:path';
import type { AnyToolPack } from '@wesgine/schema';
import { loadGeneratedPack } from '../load/load-generated-pack.js';
import type { CliIo } from './io.js';
import { UsageError } from './parse-args.js';
import { resolvePacks } from './resolve-packs.js';

/** What `wesgine-tools serve` was asked for. */
export interface ServeRequest {
  readonly mcp: boolean;
  readonly pack: string | undefined;
  readonly builtins: boolean;
  /** `--http PORT`: Streamable HTTP on 127.0.0.1; absent: stdio. */
  readonly http: string | undefined;
  /** `--zone FILE`: the cell's Zone; absent: the runtime's default zone (look freely, ask to change). */
  readonly zone: string | undefined;
}

/** How the command hands back control: it serves until the client goes (stdio) or a signal comes. */
export interface ServeHooks {
  /** Resolves when the command should stop (SIGINT, SIGTERM); default: those signals. */
  readonly stop?: Promise<void>;
}

/**
 * `wesgine-tools serve --mcp`: the pack (the current folder's by default) and, with `--builtins`, the
 * built-in tools, in one cell whose work folder is the current folder, served to one MCP client over
 * stdio or to any number over Streamable HTTP (`--http PORT`, bearer token, loopback only). Nothing but
 * MCP is written to stdout; what a person should read goes to stderr.
 */
export async function commandServe(io: CliIo, request: ServeRequest, hooks: ServeHooks = {}): Promise<number> {
  if (!request.mcp) {
    throw new UsageError('serve needs --mcp: wesgine-tools serve --mcp [--pack <dir>] [--builtins] [--http <port>]');
  }
  const port = request.http === undefined ? undefined : Number(request.http);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65_535)) {
    throw new UsageError(`--http takes a port number from 0 to 65535, not ${request.http}`);
  }
  const packs: AnyToolPack[] = [];
  const root = await packRoot(io.cwd, request);
  if (root !== undefined) packs.push(await loadGeneratedPack(root));
  const runtime = await importOptional<RuntimeModule>('@wesgine/runtime', '@wesgine/runtime');
  const mcp = await importOptional<McpModule>('@wesgine/runtime', '@wesgine/runtime/mcp');
  if (request.builtins) {
    const { builtins } = await importOptional<BuiltinsModule>('@wesgine/builtins', '@wesgine/builtins');
    packs.unshift(builtins);
  }
  let cell: ServedCell;
  try {
    cell = runtime.createEngine({ tools: packs }).createCell({
      workDir: io.cwd,
      zone: request.zone === undefined ? runtime.DEFAULT_ZONE_FILE : resolve(io.cwd, request.zone),
    });
  } catch (error) {
    throw new UsageError(`the tools cannot be served: ${(error as Error).message}`);
  }
  const instructions = `Tools of ${packs.map((pack) => `${pack.name}@${pack.version}`).join(' and ')}, working in ${io.cwd}.`;
  // Over stdio, stdout is the protocol: a handler's console.log must not land in it.
  if (port === undefined) divertConsole();
  const serving =
    port === undefined
      ? await mcp.serveMcp(cell, { transport: 'stdio', instructions })
      : await mcp.serveMcp(cell, {
          transport: 'http',
          port,
          instructions,
          ...(process.env.WESGINE_MCP_TOKEN ? { token: process.env.WESGINE_MCP_TOKEN } : {}),
        });
  io.err(serving.usage);
  const stop = hooks.stop ?? signalled();
  await Promise.race([serving.closed, stop]);
  await serving.close();
  await cell.stop();
  return 0;
}

/** The pack to serve: `--pack`, else the current folder's; none when only the built-ins are asked for. */
async function packRoot(cwd: string, request: ServeRequest): Promise<string | undefined> {
  if (request.pack !== undefined) return only(await resolvePacks(cwd, request.pack, false));
  try {
    return only(await resolvePacks(cwd, undefined, false));
  } catch (error) {
    if (request.builtins && error instanceof UsageError) return undefined;
    throw error;
  }
}

function only(packs: readonly string[]): string {
  const [first] = packs;
  if (first === undefined || packs.length > 1) throw new UsageError('name one pack with --pack <dir>');
  return first;
}

// What serve uses of its optional peers. Typed here rather than imported, so the build of this package
// needs neither of them (they are not its dependencies); the e2e test drives the real ones.
interface ServedCell {
  stop(): Promise<void>;
}
interface RuntimeModule {
  readonly DEFAULT_ZONE_FILE: string;
  createEngine(options: { readonly tools: readonly AnyToolPack[] }): {
    createCell(spec: { readonly workDir: string; readonly zone: string }): ServedCell;
  };
}
interface McpModule {
  serveMcp(
    cell: ServedCell,
    options: { readonly transport: 'stdio' | 'http'; readonly [option: string]: unknown },
  ): Promise<{ readonly usage: string; readonly closed: Promise<void>; close(): Promise<void> }>;
}
interface BuiltinsModule {
  readonly builtins: AnyToolPack;
}

/** An optional peer dependency, or a usage error that says what to install. */
async function importOptional<T>(name: string, specifier: string): Promise<T> {
  try {
    return (await import(specifier)) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && String(error).includes(name)) {
      throw new UsageError(`serve --mcp needs ${name}: npm install ${name}`);
    }
    throw error;
  }
}

/** `console.log`, `info` and `debug` to stderr, where `console.error` and `warn` already go. */
function divertConsole(): void {
  const toStderr = (...values: unknown[]) => console.error(...values);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
}

/** Resolves on the first SIGINT or SIGTERM. */
function signalled(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
}
