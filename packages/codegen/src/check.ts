import { join } from 'node:path';
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

export type CheckProblemKind = 'missing' | 'stale' | 'extra' | 'handler-mismatch' | 'load' | 'strict';

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
  const state = readState(root);
  if (
    state !== undefined &&
    state.fingerprint === inputFingerprint(root, generatorVersion(), state.sources) &&
    outputsIntact(root, state.outputs)
  ) {
    step?.(UNCHANGED_STEP);
    return { pack: packNameAt(root), problems: await typeProblems(checkTarget(root), step) };
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
    return { pack: packNameAt(root), problems: error.problems.map((item) => ({ ...item, kind: 'load' as const })) };
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
  problems.sort((a, b) => compareText(a.file, b.file));
  if (problems.length === 0) remember(context.pack, files);
  return { pack: context.pack.name, problems };
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
