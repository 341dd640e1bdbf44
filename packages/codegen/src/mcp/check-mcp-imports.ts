import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compareText } from '../compare-text.js';
import type { CodegenProblem } from '../errors.js';
import { findMcpImports } from './find-mcp-imports.js';
import { importGenerator } from './import-mcp.js';
import { type ImportRecord, readRecord, settingsOf, sourceOf } from './import-record.js';
import { importableTools } from './importable-tools.js';
import { listMcpTools } from './list-mcp-tools.js';
import type { McpListing } from './mcp-listing.js';
import { renderMcpImport, toolFingerprint } from './render-mcp-import.js';

/** What the check found wrong with one imported file. */
export interface McpImportProblem extends CodegenProblem {
  /** `mcp-changed`: the file no longer matches the server; `mcp-unreachable`: the server could not be listed. */
  readonly kind: 'mcp-changed' | 'mcp-unreachable';
}

/** The tools whose schemas differ between an import record and what the server lists now, each sorted. */
export interface ToolDrift {
  readonly changed: readonly string[];
  readonly appeared: readonly string[];
  readonly vanished: readonly string[];
}

/** Compares the recorded fingerprints with the listing's (of the tools a cell registers). */
export function toolDrift(record: ImportRecord, listing: McpListing): ToolDrift {
  const { tools } = importableTools(listing.tools, record);
  const now = new Map(tools.map((tool) => [tool.name, toolFingerprint(tool)]));
  const before = new Map(Object.entries(record.tools));
  const sorted = (names: Iterable<string>) => [...names].sort(compareText);
  return {
    changed: sorted([...now].filter(([name, hash]) => before.has(name) && before.get(name) !== hash).map(([n]) => n)),
    appeared: sorted([...now.keys()].filter((name) => !before.has(name))),
    vanished: sorted([...before.keys()].filter((name) => !now.has(name))),
  };
}

/**
 * Checks every imported MCP file under `root` (see `findMcpImports`) against its server: starts or
 * reaches it again from the file's record, lists its tools, and compares. Schemas that changed, tools
 * that appeared or vanished are named; a file whose text is not what the listing renders (a hand edit,
 * a new description, a new version of the server or of codegen) is out of date. `update` is the
 * command to put in each message (it is given the file's path).
 */
export async function checkMcpImports(
  root: string,
  update: (file: string) => string,
  options: { readonly timeoutMs?: number } = {},
): Promise<McpImportProblem[]> {
  // Each server is started (or reached) at once: they wait on their own start, not on each other.
  const found = await Promise.all(
    findMcpImports(root).map((file) => {
      const path = file === '.' ? root : join(root, file);
      const shown = file === '.' ? path : file;
      return checkOne(path, shown, update(shown), options);
    }),
  );
  return found.flat().sort((a, b) => compareText(a.file, b.file));
}

async function checkOne(
  path: string,
  file: string,
  update: string,
  options: { readonly timeoutMs?: number },
): Promise<McpImportProblem[]> {
  const text = readFileSync(path, 'utf8');
  const read = readRecord(text);
  if (!read.ok) {
    return [
      { file, kind: 'mcp-changed', message: `${read.reason}; import the server again with wesgine-tools import mcp` },
    ];
  }
  const { record } = read;
  const listed = await listMcpTools(sourceOf(record, dirname(path)), options);
  if (!listed.ok) return [{ file, kind: 'mcp-unreachable', message: listed.reason }];
  const drift = toolDrift(record, listed.listing);
  const parts = [
    ...(drift.changed.length > 0 ? [`the schema of ${names(drift.changed)} changed`] : []),
    ...(drift.appeared.length > 0 ? [`${names(drift.appeared)} appeared`] : []),
    ...(drift.vanished.length > 0 ? [`${names(drift.vanished)} vanished`] : []),
  ];
  const server = `the MCP server '${record.name}'`;
  if (parts.length > 0) {
    return [
      { file, kind: 'mcp-changed', message: `${server} changed its tools: ${parts.join('; ')}; run \`${update}\`` },
    ];
  }
  const rendered = await renderMcpImport(listed.listing, settingsOf(record), importGenerator());
  if (rendered.contents === text) return [];
  const { server: before } = record;
  const { server: now } = listed.listing;
  const why =
    before.name !== now.name || before.version !== now.version
      ? `the server is now ${now.name} ${now.version} (was ${before.name} ${before.version})`
      : 'its schemas are the same, but a title or description changed, or the file was edited, or codegen is newer';
  return [{ file, kind: 'mcp-changed', message: `is out of date with ${server}: ${why}; run \`${update}\`` }];
}

function names(tools: readonly string[]): string {
  const quoted = tools.map((tool) => `'${tool}'`);
  return `${tools.length === 1 ? 'tool' : 'tools'} ${quoted.join(', ')}`;
}
