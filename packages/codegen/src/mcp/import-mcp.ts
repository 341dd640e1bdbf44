import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { CodegenError, problem } from '../errors.js';
import { readOptional } from '../plan/read-optional.js';
import { generatorVersion } from '../version.js';
import { importFileName } from './find-mcp-imports.js';
import { recordSource } from './import-record.js';
import { listMcpTools } from './list-mcp-tools.js';
import { defaultServerName, SERVER_NAME_PATTERN } from './mcp-identifiers.js';
import type { McpSource } from './mcp-source.js';
import { renderMcpImport } from './render-mcp-import.js';

export interface ImportMcpOptions {
  /** The server to reach: a command to start over stdio, or a Streamable HTTP address. */
  readonly server:
    | { readonly command: readonly string[] }
    | { readonly url: string; readonly headers?: Readonly<Record<string, string>> };
  /** The server's name in the cell (`upsert({ name })`); by default derived from the name the server gives. */
  readonly name?: string;
  /** The `prefix` the cell registers the tools with, so the helpers call them by their registered names. */
  readonly prefix?: string;
  /** Only these tools, as the cell's `upsert({ tools })` allow list keeps them. */
  readonly tools?: readonly string[];
  /** The folder to write `<name>.mcp.gen.ts` into, relative to `cwd` (default `generated`). */
  readonly out?: string;
  /** Where the command starts and relative paths are resolved (default the process's folder). */
  readonly cwd?: string;
  /** How long connecting and listing may take, in milliseconds (default 30 000). */
  readonly timeoutMs?: number;
}

/** What an import did. */
export interface ImportMcpReport {
  /** The file written, relative to `cwd` (posix). */
  readonly file: string;
  readonly name: string;
  /** The server's own name and version. */
  readonly server: { readonly name: string; readonly version: string };
  /** The tools typed, sorted by name. */
  readonly tools: readonly string[];
  /** `unchanged` when the file already held exactly this. */
  readonly written: 'added' | 'modified' | 'unchanged';
  /** Parts of schemas that could not be typed exactly (typed `unknown` instead), one sentence each. */
  readonly warnings: readonly string[];
}

const GENERATOR_NAME = '@wesgine/codegen';

/**
 * `wesgine-tools import mcp`: connects to the server, lists its tools and writes
 * `<out>/<name>.mcp.gen.ts` (see `renderMcpImport`). Throws `CodegenError` naming the file when the
 * server cannot be reached or listed, or when the options are wrong; then nothing is written.
 */
export async function importMcp(options: ImportMcpOptions): Promise<ImportMcpReport> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const folder = resolve(cwd, options.out ?? 'generated');
  const shown = (path: string) => relative(cwd, path).split(sep).join('/') || '.';
  if (options.name !== undefined && !SERVER_NAME_PATTERN.test(options.name)) {
    throw new CodegenError([problem(shown(folder), undefined, nameProblem(options.name))]);
  }
  if (options.prefix !== undefined && !/^[A-Za-z0-9._-]{1,64}$/.test(options.prefix)) {
    throw new CodegenError([
      problem(
        shown(folder),
        undefined,
        `the prefix '${options.prefix}' may hold only letters, digits, '.', '_' and '-'`,
      ),
    ]);
  }
  const source = toSource(options.server, cwd);
  if (typeof source === 'string') throw new CodegenError([problem(shown(folder), undefined, source)]);
  const listed = await listMcpTools(source, options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs });
  const target = (name: string) => join(folder, importFileName(name));
  if (!listed.ok) throw new CodegenError([problem(shown(target(options.name ?? '<name>')), undefined, listed.reason)]);
  const name = options.name ?? defaultServerName(listed.listing.server.name);
  const path = target(name);
  const rendered = await renderMcpImport(
    listed.listing,
    {
      name,
      ...(options.prefix === undefined ? {} : { prefix: options.prefix }),
      ...(options.tools === undefined ? {} : { allow: options.tools }),
      source: recordSource(source, dirname(path)),
    },
    { name: GENERATOR_NAME, version: generatorVersion() },
  ).catch((error: unknown) => {
    throw new CodegenError([problem(shown(path), undefined, (error as Error).message)]);
  });
  const current = readOptional(path);
  const written = current === undefined ? 'added' : current === rendered.contents ? 'unchanged' : 'modified';
  if (written !== 'unchanged') {
    mkdirSync(folder, { recursive: true });
    writeFileSync(path, rendered.contents);
  }
  return {
    file: shown(path),
    name,
    server: listed.listing.server,
    tools: Object.keys(rendered.record.tools),
    written,
    warnings: [...literalSecrets(source), ...rendered.warnings],
  };
}

/** A credential given as is ends up in the generated file; say so, and how to keep it out. */
function literalSecrets(source: McpSource): string[] {
  if (source.transport !== 'http') return [];
  return Object.entries(source.headers ?? {})
    .filter(([name, value]) => /auth|token|key|secret|cookie/i.test(name) && !value.includes('${'))
    .map(
      ([name]) =>
        `the header ${name} is written into the file as given; keep a secret in the environment instead: --header '${name}: Bearer \${TOKEN}'`,
    );
}

/** The generator as the banner names it. */
export function importGenerator() {
  return { name: GENERATOR_NAME, version: generatorVersion() };
}

function toSource(server: ImportMcpOptions['server'], cwd: string): McpSource | string {
  if ('url' in server) {
    let url: URL;
    try {
      url = new URL(server.url);
    } catch {
      return `'${server.url}' is not a URL; give the server's address, such as http://127.0.0.1:3001/mcp`;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return `'${server.url}' is not an http or https address; a stdio server is imported with -- <command...>`;
    }
    const headers = server.headers ?? {};
    for (const name of Object.keys(headers)) {
      if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name)) return `'${name}' is not a header name`;
    }
    return Object.keys(headers).length === 0
      ? { transport: 'http', url: url.href }
      : { transport: 'http', url: url.href, headers: { ...headers } };
  }
  const [command, ...args] = server.command;
  if (command === undefined || command === '') return 'no command to start the server: give it after --';
  return { transport: 'stdio', command, args, cwd };
}

function nameProblem(name: string): string {
  return `the server name '${name}' must start with a letter and hold only letters, digits, '_' and '-' (at most 64)`;
}
