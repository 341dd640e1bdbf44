import { join, relative, sep } from 'node:path';
import { checkHandlers, checkTarget, type HandlerCheckTarget, UNCHANGED_STEP } from './check/handler-check.js';
import { compareText } from './compare-text.js';
import { CodegenError, type CodegenProblem } from './errors.js';
import type { GeneratedFile } from './generate/generated-file.js';
import { type LoadedPack, listToolFiles, loadPack } from './load/load-pack.js';
import { packNameAt } from './load/pack-name.js';
import { MANAGED_PATHS } from './plan/managed-paths.js';
import { planWrites } from './plan/plan-writes.js';
import { readOptional } from './plan/read-optional.js';
import { hashText, inputFingerprint, outputsIntact, readState, writeState } from './state/fingerprint.js';
import { generatorVersion } from './version.js';

/**
 * `mcp-changed`: an imported MCP file (`*.mcp.gen.ts`) no longer matches its server (schemas changed,
 * tools appeared or vanished, or the text is not what the listing gives); `mcp-unreachable`: its
 * server could not be started or reached to compare.
 */
export type CheckProblemKind =
  | 'missing'
  | 'stale'
  | 'extra'
  | 'handler-mismatch'
  | 'load'
  | 'strict'
  | 'mcp-changed'
  | 'mcp-unreachable';

export interface CheckProblem extends CodegenProblem {
  readonly kind: CheckProblemKind;
}

export interface CheckReport {
  /** The pack's package name, or its folder when `package.json` cannot be read. */
  readonly pack: string;
  /** Empty when every generated file is current and the handlers type-check. */
  readonly problems: readonly CheckProblem[];
}

export interface CheckOptions {
  /** Told one short line per step as the work goes (what the CLI prints on a terminal). */
  readonly onStep?: (line: string) => void;
  /**
   * The folder the commands in messages are meant to be run from (the re-import command names its file
   * relative to it); default the pack.
   */
  readonly cwd?: string;
  /** Compare the imported MCP files with their servers (default true); false leaves them out. */
  readonly mcp?: boolean;
}

const REGENERATE = 'run `wesgine-tools gen`';

/**
 * What `generate` would change, without writing anything: each expected output compared byte for byte
 * (a missing handler counts as missing), stale files left under `generated/`, strict tools that cannot
 * be strict, and the handler type check (run only when the generated TypeScript is current).
 *
 * When the inputs and the outputs are exactly as the last successful `gen` recorded them, the outputs
 * are what rendering would give again, so nothing is loaded or rendered; and the type check skips the
 * files whose fingerprint matches its last pass. A missing or unreadable state means the full check.
 */
export async function check(root: string, options: CheckOptions = {}): Promise<CheckReport> {
  const step = options.onStep;
  // The servers of imported MCP files are reached while the rest is checked: they are slow, not busy.
  const imports = options.mcp === false ? Promise.resolve([]) : mcpProblems(root, options.cwd ?? root, step);
  const state = readState(root);
  if (
    state !== undefined &&
    state.fingerprint === inputFingerprint(root, generatorVersion(), state.sources) &&
    outputsIntact(root, state.outputs)
  ) {
    step?.(UNCHANGED_STEP);
    const problems = await typeProblems(checkTarget(root), step);
    return { pack: packNameAt(root), problems: sortProblems([...problems, ...(await imports)]) };
  }
  const tools = listToolFiles(root).length;
  step?.(`loading ${tools} tool definition${tools === 1 ? '' : 's'}…`);
  const [{ DOCS_PATH }, { defaultGenerator, renderFiles }, { exportPack, strictProblems }, stubs] = await Promise.all([
    import('./generate/docs-file.js'),
    import('./generate/generate-files.js'),
    import('./generate/pack-exports.js'),
    import('./stubs/handler-stub.js'),
  ]);
  let context: ReturnType<typeof exportPack>;
  let files: Awaited<ReturnType<typeof renderFiles>>;
  try {
    context = exportPack(await loadPack(root), defaultGenerator());
    files = await renderFiles(context, readOptional(join(root, DOCS_PATH)));
  } catch (error) {
    if (!CodegenError.isInstance(error)) throw error;
    const problems = error.problems.map((item) => ({ ...item, kind: 'load' as const }));
    return { pack: packNameAt(root), problems: sortProblems([...problems, ...(await imports)]) };
  }
  const problems: CheckProblem[] = strictProblems(context).map((item) => ({ ...item, kind: 'strict' as const }));
  const plan = planWrites(root, files, MANAGED_PATHS);
  for (const file of plan.add)
    problems.push({ file: file.path, kind: 'missing', message: `is missing; ${REGENERATE}` });
  for (const file of plan.modify) {
    problems.push({ file: file.path, kind: 'stale', message: `is out of date; ${REGENERATE}` });
  }
  for (const path of plan.delete) {
    problems.push({ file: path, kind: 'extra', message: `is no longer generated; ${REGENERATE} to delete it` });
  }
  for (const tool of stubs.toolsWithoutHandler(context.pack)) {
    problems.push({
      file: stubs.handlerPath(tool.name),
      tool: tool.name,
      kind: 'missing',
      message: `tool '${tool.name}' has no handler; ${REGENERATE} to write a stub`,
    });
  }
  const typesCurrent = !problems.some(
    (item) => item.file.endsWith('.gen.ts') || (item.kind === 'missing' && item.file.startsWith('src/handlers/')),
  );
  if (typesCurrent) problems.push(...(await typeProblems(context.pack, step)));
  if (problems.length === 0) remember(context.pack, files);
  return { pack: context.pack.name, problems: sortProblems([...problems, ...(await imports)]) };
}

/**
 * A pack that passed is recorded as `gen` would record it (the outputs are exactly what these inputs
 * render to, and the handlers type-check), so the next `check` or `gen` of the unchanged pack is
 * instant. Only a cache: if it cannot be written, nothing is lost but time.
 */
function remember(pack: LoadedPack, files: readonly GeneratedFile[]): void {
  const outputs: Record<string, string> = {};
  for (const file of files) outputs[file.path] = hashText(file.contents);
  try {
    writeState(pack.root, {
      fingerprint: inputFingerprint(pack.root, generatorVersion(), pack.sources),
      sources: pack.sources,
      typeChecked: true,
      outputs,
    });
  } catch {
    // A read-only node_modules: the check's answer stands.
  }
}

async function typeProblems(target: HandlerCheckTarget, step: ((line: string) => void) | undefined) {
  const { problems, checked } = await checkHandlers(target, step === undefined ? {} : { onStep: step });
  if (checked.length === 0) step?.('no handler or generated type changed: nothing to type-check');
  return problems
    .map((item): CheckProblem => ({ ...item, kind: 'handler-mismatch' }))
    .sort((a, b) => compareText(a.file, b.file));
}

function sortProblems(problems: CheckProblem[]): CheckProblem[] {
  return problems.sort((a, b) => compareText(a.file, b.file));
}

/**
 * The imported MCP files of the pack checked against their servers; nothing is loaded when the pack
 * has none. Each message's command names the file relative to `cwd`.
 */
async function mcpProblems(
  root: string,
  cwd: string,
  step: ((line: string) => void) | undefined,
): Promise<CheckProblem[]> {
  try {
    return await checkImports(root, cwd, step);
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return [{ file: '.', kind: 'mcp-unreachable', message: `the imported MCP files could not be checked: ${text}` }];
  }
}

async function checkImports(root: string, cwd: string, step: ((line: string) => void) | undefined) {
  const { findMcpImports } = await import('./mcp/find-mcp-imports.js');
  const files = findMcpImports(root);
  if (files.length === 0) return [];
  step?.(`listing the tools of ${files.length} imported MCP server${files.length === 1 ? '' : 's'}…`);
  const [{ checkMcpImports }, { shellQuote }] = await Promise.all([
    import('./mcp/check-mcp-imports.js'),
    import('./mcp/mcp-source.js'),
  ]);
  const update = (file: string) => {
    const shown = relative(cwd, join(root, file)).split(sep).join('/');
    return `wesgine-tools import mcp --update ${shellQuote(shown)}`;
  };
  return checkMcpImports(root, update);
}
