import { CodegenError } from '../errors.js';
import type { ImportMcpReport } from '../mcp/import-mcp.js';
import type { CliIo } from './io.js';
import { UsageError } from './parse-args.js';

/** The flags `import mcp` reads, as `main` parsed them. */
export interface ImportFlags {
  readonly name: string | undefined;
  readonly out: string | undefined;
  readonly url: string | undefined;
  /** `Name: value` headers for an HTTP server; `${NAME}` in a value is read from the environment. */
  readonly headers: readonly string[] | undefined;
  readonly prefix: string | undefined;
  /** `a,b`: only these tools, as the cell's allow list. */
  readonly tools: string | undefined;
  readonly update: string | undefined;
}

/**
 * `wesgine-tools import mcp [--name N] [--out DIR] [--prefix P] -- <command...>`, `... --url URL`, or
 * `... --update <file or folder>`: writes typed TypeScript for an MCP server's tools and prints what it
 * wrote, with a warning line for each schema part it typed `unknown`.
 */
export async function commandImport(io: CliIo, positionals: readonly string[], flags: ImportFlags): Promise<number> {
  const [kind, ...command] = positionals;
  if (kind !== 'mcp') {
    throw new UsageError(
      kind === undefined
        ? 'import needs what to import: wesgine-tools import mcp -- <command...>'
        : `cannot import '${kind}': only mcp is known (wesgine-tools import mcp -- <command...>)`,
    );
  }
  const given = [command.length > 0, flags.url !== undefined, flags.update !== undefined].filter(Boolean).length;
  if (given !== 1) {
    throw new UsageError(
      given === 0
        ? 'import mcp needs a server: -- <command...> to start one, --url <address>, or --update <file>'
        : 'import mcp takes one server: a command after --, --url, or --update, not several',
    );
  }
  if (flags.headers !== undefined && flags.url === undefined) {
    throw new UsageError('--header applies to an HTTP server, given with --url');
  }
  if (flags.update !== undefined) {
    for (const flag of ['name', 'out', 'prefix', 'tools'] as const) {
      if (flags[flag] !== undefined)
        throw new UsageError(`--${flag} does not apply with --update: the file's record says it`);
    }
    const { updateMcpImports } = await import('../mcp/update-mcp-imports.js');
    const { reports, problems } = await updateMcpImports(flags.update, { cwd: io.cwd });
    for (const report of reports) print(io, report);
    if (problems.length > 0) throw new CodegenError(problems);
    return 0;
  }
  const { importMcp } = await import('../mcp/import-mcp.js');
  const report = await importMcp({
    server: flags.url === undefined ? { command } : { url: flags.url, ...headers(flags.headers) },
    cwd: io.cwd,
    ...(flags.name === undefined ? {} : { name: flags.name }),
    ...(flags.out === undefined ? {} : { out: flags.out }),
    ...(flags.prefix === undefined ? {} : { prefix: flags.prefix }),
    ...(flags.tools === undefined ? {} : { tools: toolList(flags.tools) }),
  });
  print(io, report);
  return 0;
}

function toolList(text: string): string[] {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) throw new UsageError('--tools takes tool names separated by commas');
  return [...new Set(names)];
}

function headers(texts: readonly string[] | undefined): { headers?: Record<string, string> } {
  if (texts === undefined) return {};
  const given: Record<string, string> = {};
  for (const text of texts) {
    const match = /^([^:\s]+)\s*:\s*(.*)$/s.exec(text);
    if (match?.[1] === undefined) throw new UsageError(`--header takes 'Name: value', got '${text}'`);
    const name = match[1];
    if (Object.keys(given).some((known) => known.toLowerCase() === name.toLowerCase())) {
      throw new UsageError(`--header names ${name} twice; give each header once`);
    }
    given[name] = match[2] ?? '';
  }
  return { headers: given };
}

function print(io: CliIo, report: ImportMcpReport): void {
  const count = `${report.tools.length} tool${report.tools.length === 1 ? '' : 's'}`;
  const server = `${report.server.name} ${report.server.version}`.trim();
  const what = report.written === 'unchanged' ? 'is current' : report.written === 'added' ? 'written' : 'updated';
  io.out(`${report.file}: ${what}, ${count} of the MCP server '${report.name}' (${server})`);
  for (const warning of report.warnings) io.err(`warning: ${report.file}: ${warning}`);
}
