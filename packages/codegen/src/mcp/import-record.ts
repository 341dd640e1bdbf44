import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { McpSource } from './mcp-source.js';

/** The record's name in the generated file: `export const <camel>Server = {...} as const;`. */
export const RECORD_PATTERN = /^export const [A-Za-z_$][A-Za-z0-9_$]*Server = (\{\n[\s\S]*?\n\}) as const;$/m;

/**
 * What an imported file says about where it came from, as JSON in the file itself: enough for `check`
 * to reach the server again and say which tools changed. A stdio server's folder is kept relative to
 * the generated file's folder (posix), so a checked-in project works wherever it is cloned.
 */
export interface ImportRecord {
  /** The server's name in the cell (`cell.mcps().upsert({ name })`): its tools' source is `mcp:<name>`. */
  readonly name: string;
  /** Put before each tool's name in the registry, as `upsert({ prefix })` does. */
  readonly prefix?: string;
  /** The tools the import was limited to (`--tools`), sorted; all when absent. */
  readonly allow?: readonly string[];
  /** The server's own name and version, as it said when connecting. */
  readonly server: { readonly name: string; readonly version: string };
  readonly source: RecordedSource;
  /** Each tool's name with the fingerprint of its schemas, sorted by name. */
  readonly tools: Readonly<Record<string, string>>;
}

export type RecordedSource =
  | { readonly transport: 'stdio'; readonly command: string; readonly args: readonly string[]; readonly cwd: string }
  | { readonly transport: 'http'; readonly url: string; readonly headers?: Readonly<Record<string, string>> };

/** The source as the record keeps it, seen from `folder` (the generated file's folder). */
export function recordSource(source: McpSource, folder: string): RecordedSource {
  if (source.transport === 'http')
    return source.headers === undefined
      ? { transport: 'http', url: source.url }
      : { transport: 'http', url: source.url, headers: { ...source.headers } };
  const cwd = relative(folder, source.cwd).split(sep).join('/') || '.';
  return { transport: 'stdio', command: source.command, args: [...source.args], cwd };
}

/** How to render a record's server again: its name, prefix, tool list and source, as recorded. */
export function settingsOf(record: ImportRecord): {
  name: string;
  prefix?: string;
  allow?: readonly string[];
  source: RecordedSource;
} {
  return {
    name: record.name,
    ...(record.prefix === undefined ? {} : { prefix: record.prefix }),
    ...(record.allow === undefined ? {} : { allow: record.allow }),
    source: record.source,
  };
}

/** The source a record names, with its folder made absolute again from `folder`. */
export function sourceOf(record: ImportRecord, folder: string): McpSource {
  const { source } = record;
  if (source.transport === 'http') return source;
  const cwd = isAbsolute(source.cwd) ? source.cwd : resolve(folder, source.cwd);
  return { transport: 'stdio', command: source.command, args: [...source.args], cwd };
}

/** The record in a generated file's text, or a sentence saying why there is none that can be used. */
export function readRecord(text: string): { ok: true; record: ImportRecord } | { ok: false; reason: string } {
  const match = RECORD_PATTERN.exec(text);
  if (match?.[1] === undefined) return { ok: false, reason: 'has no import record (its `...Server` constant)' };
  let value: unknown;
  try {
    value = JSON.parse(match[1]);
  } catch {
    return { ok: false, reason: 'has an import record that is not valid JSON' };
  }
  const problem = recordProblem(value);
  return problem === undefined ? { ok: true, record: value as ImportRecord } : { ok: false, reason: problem };
}

function recordProblem(value: unknown): string | undefined {
  const record = value as Partial<Record<keyof ImportRecord, unknown>> | null;
  if (typeof record !== 'object' || record === null) return 'has an import record that is not an object';
  if (typeof record.name !== 'string') return 'has an import record without a server name';
  if (record.prefix !== undefined && typeof record.prefix !== 'string')
    return 'has an import record whose prefix is not text';
  if (
    record.allow !== undefined &&
    !(Array.isArray(record.allow) && record.allow.every((name) => typeof name === 'string'))
  ) {
    return 'has an import record whose tool list is not a list of names';
  }
  const server = record.server as { name?: unknown; version?: unknown } | undefined;
  if (typeof server?.name !== 'string' || typeof server.version !== 'string') {
    return 'has an import record without the server name and version';
  }
  const tools = record.tools as Record<string, unknown> | undefined;
  if (typeof tools !== 'object' || tools === null || Object.values(tools).some((hash) => typeof hash !== 'string')) {
    return 'has an import record without its tool fingerprints';
  }
  const source = record.source as Record<string, unknown> | undefined;
  const headers = source?.headers as Record<string, unknown> | undefined;
  const headersOk =
    headers === undefined ||
    (typeof headers === 'object' &&
      headers !== null &&
      Object.values(headers).every((value) => typeof value === 'string'));
  if (source?.transport === 'http' && typeof source.url === 'string' && headersOk) return undefined;
  if (
    source?.transport === 'stdio' &&
    typeof source.command === 'string' &&
    typeof source.cwd === 'string' &&
    Array.isArray(source.args) &&
    source.args.every((arg) => typeof arg === 'string')
  ) {
    return undefined;
  }
  return 'has an import record without a usable source (a stdio command or an http url)';
}
