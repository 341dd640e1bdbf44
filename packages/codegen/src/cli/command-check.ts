import { relative } from 'node:path';
import { type CheckProblemKind, check } from '../check.js';
import { printProblems } from './format-problem.js';
import type { CliIo } from './io.js';
import { stepsOf } from './steps.js';

/** The problems `gen` mends by itself; the others need a change to the sources (or a new import). */
const GEN_FIXES = new Set<CheckProblemKind>(['missing', 'stale', 'extra']);

/**
 * `wesgine-tools check`: exit 1 when any pack has a missing or stale file or a mismatched handler, or an
 * imported MCP file no longer matches its server (not looked at when `offline`).
 */
export async function commandCheck(io: CliIo, packs: readonly string[], offline = false): Promise<number> {
  let failing = 0;
  let regenerable = false;
  for (const root of packs) {
    const where = relative(io.cwd, root) || '.';
    const onStep = stepsOf(io, packs.length > 1 ? where : undefined);
    const report = await check(root, { cwd: io.cwd, mcp: !offline, ...(onStep === undefined ? {} : { onStep }) });
    if (report.problems.length === 0) {
      io.out(`${report.pack}: generated files are current (${where})`);
      continue;
    }
    failing++;
    regenerable ||= report.problems.some((problem) => GEN_FIXES.has(problem.kind));
    printProblems(io, where, report.problems);
  }
  const count = `${failing} pack${failing === 1 ? '' : 's'}`;
  if (failing > 0) io.err(regenerable ? `${count} out of date: run wesgine-tools gen` : `${count} failed the check`);
  return failing > 0 ? 1 : 0;
}

/**
 * `wesgine-tools check` in a folder that is no tool pack but holds imported MCP files (an application
 * that calls MCP tools through a run): checks those against their servers.
 */
export async function commandCheckImports(io: CliIo): Promise<number> {
  const [{ checkMcpImports }, { shellQuote }] = await Promise.all([
    import('../mcp/check-mcp-imports.js'),
    import('../mcp/mcp-source.js'),
  ]);
  io.step?.('listing the tools of the imported MCP servers…');
  const problems = await checkMcpImports(io.cwd, (file) => `wesgine-tools import mcp --update ${shellQuote(file)}`);
  if (problems.length === 0) {
    io.out('imported MCP files are current (.)');
    return 0;
  }
  printProblems(io, '.', problems);
  io.err(`${problems.length} imported MCP file${problems.length === 1 ? '' : 's'} failed the check`);
  return 1;
}
