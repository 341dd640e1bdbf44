import { join } from 'node:path';
import { checkHandlers } from './check/handler-check.js';
import { compareText } from './compare-text.js';
import { CodegenError, type CodegenProblem } from './errors.js';
import { DOCS_PATH } from './generate/docs-file.js';
import { defaultGenerator, renderFiles } from './generate/generate-files.js';
import { exportPack, strictProblems } from './generate/pack-exports.js';
import { loadPack } from './load/load-pack.js';
import { packNameAt } from './load/pack-name.js';
import { MANAGED_PATHS } from './plan/managed-paths.js';
import { planWrites } from './plan/plan-writes.js';
import { readOptional } from './plan/read-optional.js';
import { handlerPath, toolsWithoutHandler } from './stubs/handler-stub.js';

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

const REGENERATE = 'run `wesgine-tools gen`';

/**
 * What `generate` would change, without writing anything: each expected output compared byte for byte
 * (a missing handler counts as missing), stale files left under `generated/`, strict tools that cannot
 * be strict, and the handler type check (run only when the generated TypeScript is current).
 */
export async function check(root: string): Promise<CheckReport> {
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
  for (const tool of toolsWithoutHandler(context.pack)) {
    problems.push({
      file: handlerPath(tool.name),
      tool: tool.name,
      kind: 'missing',
      message: `tool '${tool.name}' has no handler; ${REGENERATE} to write a stub`,
    });
  }
  const typesCurrent = !problems.some(
    (item) => item.file.endsWith('.gen.ts') || (item.kind === 'missing' && item.file.startsWith('src/handlers/')),
  );
  if (typesCurrent) {
    for (const item of await checkHandlers(context.pack)) problems.push({ ...item, kind: 'handler-mismatch' });
  }
  problems.sort((a, b) => compareText(a.file, b.file));
  return { pack: context.pack.name, problems };
}
