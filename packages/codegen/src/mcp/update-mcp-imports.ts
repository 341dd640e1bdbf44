import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { type CodegenProblem, problem } from '../errors.js';
import { findMcpImports } from './find-mcp-imports.js';
import { type ImportMcpReport, importGenerator } from './import-mcp.js';
import { readRecord, settingsOf, sourceOf } from './import-record.js';
import { listMcpTools } from './list-mcp-tools.js';
import { renderMcpImport } from './render-mcp-import.js';

/** What `--update` did: one report per file written or found current, one problem per file that failed. */
export interface UpdateMcpReport {
  readonly reports: readonly ImportMcpReport[];
  readonly problems: readonly CodegenProblem[];
}

/**
 * `wesgine-tools import mcp --update <file or folder>`: imports each server again as its file's record
 * says (same name, prefix, tool list and source), rewriting the files that changed. Every file is tried; the
 * failures are thrown together as one `CodegenError` after the others were written.
 */
export async function updateMcpImports(
  target: string,
  options: { readonly cwd?: string; readonly timeoutMs?: number } = {},
): Promise<UpdateMcpReport> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const root = resolve(cwd, target);
  const shown = (path: string) => relative(cwd, path).split(sep).join('/') || '.';
  const files = findMcpImports(root).map((file) => (file === '.' ? root : join(root, file)));
  if (files.length === 0) {
    return { reports: [], problems: [problem(shown(root), undefined, 'holds no imported MCP file (*.mcp.gen.ts)')] };
  }
  const reports: ImportMcpReport[] = [];
  const problems: CodegenProblem[] = [];
  for (const path of files) {
    const text = readFileSync(path, 'utf8');
    const read = readRecord(text);
    if (!read.ok) {
      problems.push(problem(shown(path), undefined, `${read.reason}; import it again with -- <command> or --url`));
      continue;
    }
    const { record } = read;
    const listed = await listMcpTools(
      sourceOf(record, dirname(path)),
      options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs },
    );
    if (!listed.ok) {
      problems.push(problem(shown(path), undefined, listed.reason));
      continue;
    }
    const rendered = await renderMcpImport(listed.listing, settingsOf(record), importGenerator()).catch(
      (error: unknown) => error as Error,
    );
    if (rendered instanceof Error) {
      problems.push(problem(shown(path), undefined, rendered.message));
      continue;
    }
    const written = rendered.contents === text ? 'unchanged' : 'modified';
    if (written === 'modified') writeFileSync(path, rendered.contents);
    reports.push({
      file: shown(path),
      name: record.name,
      server: listed.listing.server,
      tools: Object.keys(rendered.record.tools),
      written,
      warnings: rendered.warnings,
    });
  }
  return { reports, problems };
}
