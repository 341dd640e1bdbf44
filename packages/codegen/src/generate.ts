import { join } from 'node:path';
import { checkHandlers } from './check/handler-check.js';
import { CodegenError } from './errors.js';
import { DOCS_PATH } from './generate/docs-file.js';
import { defaultGenerator, renderFiles } from './generate/generate-files.js';
import { exportPack, strictProblems } from './generate/pack-exports.js';
import { type LoadedPack, loadPack } from './load/load-pack.js';
import { packNameAt } from './load/pack-name.js';
import { applyPlan } from './plan/apply-plan.js';
import { MANAGED_PATHS } from './plan/managed-paths.js';
import { planWrites } from './plan/plan-writes.js';
import { readOptional } from './plan/read-optional.js';
import { hashText, inputFingerprint, outputsIntact, readState, writeState } from './state/fingerprint.js';
import { handlerStubs, toolsWithoutHandler } from './stubs/handler-stub.js';

export interface GenerateOptions {
  /** Regenerate even when nothing changed since the last run. */
  readonly force?: boolean;
  /** Type-check the handlers after writing (default true). */
  readonly typeCheck?: boolean;
}

/** What `generate` did; paths are pack-relative. */
export interface GenerateReport {
  /** The pack's package name. */
  readonly pack: string;
  readonly added: readonly string[];
  readonly modified: readonly string[];
  readonly deleted: readonly string[];
  /** Handler stubs written for tools that had no handler. */
  readonly stubs: readonly string[];
  /** Nothing changed since the last successful run, so nothing was loaded or written. */
  readonly skipped: boolean;
}

/**
 * Generates every output of the pack at `root` and writes what changed: load the definitions, refuse
 * strict tools that cannot be strict, render, plan, write (stale generated files deleted, stubs for
 * tools without a handler), then type-check the handlers against the new types. When the inputs and
 * the outputs are as the last successful run left them, returns `skipped` without loading anything.
 * Throws `CodegenError` with every problem found.
 */
export async function generate(root: string, options: GenerateOptions = {}): Promise<GenerateReport> {
  const generator = defaultGenerator();
  const typeCheck = options.typeCheck !== false;
  if (options.force !== true) {
    const state = readState(root);
    if (
      state !== undefined &&
      (state.typeChecked || !typeCheck) &&
      state.fingerprint === inputFingerprint(root, generator.version, state.sources) &&
      outputsIntact(root, state.outputs)
    ) {
      return { pack: packNameAt(root), added: [], modified: [], deleted: [], stubs: [], skipped: true };
    }
  }
  return generateFromPack(await loadPack(root), options);
}

/**
 * `generate` for a pack already loaded, without the no-change shortcut: export, check strictness,
 * render, plan, write, type-check, record the state.
 */
export async function generateFromPack(pack: LoadedPack, options: GenerateOptions = {}): Promise<GenerateReport> {
  const { root } = pack;
  const generator = defaultGenerator();
  const typeCheck = options.typeCheck !== false;
  const context = exportPack(pack, generator);
  const strict = strictProblems(context);
  if (strict.length > 0) throw new CodegenError(strict);
  const files = await renderFiles(context, readOptional(join(root, DOCS_PATH)));
  const stubs = await handlerStubs(toolsWithoutHandler(pack));
  const plan = planWrites(root, files, MANAGED_PATHS);
  applyPlan(root, { ...plan, add: [...plan.add, ...stubs] });
  if (typeCheck) {
    const problems = await checkHandlers(pack);
    if (problems.length > 0) throw new CodegenError(problems);
  }
  const outputs: Record<string, string> = {};
  for (const file of files) outputs[file.path] = hashText(file.contents);
  writeState(root, {
    fingerprint: inputFingerprint(root, generator.version, pack.sources),
    sources: pack.sources,
    typeChecked: typeCheck,
    outputs,
  });
  return {
    pack: pack.name,
    added: plan.add.map((file) => file.path),
    modified: plan.modify.map((file) => file.path),
    deleted: plan.delete,
    stubs: stubs.map((file) => file.path),
    skipped: false,
  };
}
