import { join } from 'node:path';
import { checkHandlers, checkTarget, staleTypeCheckFiles, UNCHANGED_STEP } from './check/handler-check.js';
import { CodegenError } from './errors.js';
import { type LoadedPack, listToolFiles, loadPack } from './load/load-pack.js';
import { packNameAt } from './load/pack-name.js';
import { applyPlan } from './plan/apply-plan.js';
import { MANAGED_PATHS } from './plan/managed-paths.js';
import { planWrites } from './plan/plan-writes.js';
import { readOptional } from './plan/read-optional.js';
import { hashText, inputFingerprint, outputsIntact, readState, writeState } from './state/fingerprint.js';
import { generatorVersion } from './version.js';

export interface GenerateOptions {
  /** Regenerate even when nothing changed since the last run. */
  readonly force?: boolean;
  /** Type-check the handlers after writing (default true). */
  readonly typeCheck?: boolean;
  /** Told one short line per step as the work goes (what the CLI prints on a terminal). */
  readonly onStep?: (line: string) => void;
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
 * the outputs are as the last successful run left them, nothing is loaded: with no file the type check
 * read changed either, returns `skipped`; else runs the type check alone. Throws `CodegenError` with
 * every problem found.
 */
export async function generate(root: string, options: GenerateOptions = {}): Promise<GenerateReport> {
  const typeCheck = options.typeCheck !== false;
  const state = options.force === true ? undefined : readState(root);
  if (
    state !== undefined &&
    state.fingerprint === inputFingerprint(root, generatorVersion(), state.sources) &&
    outputsIntact(root, state.outputs)
  ) {
    const nothing = { pack: packNameAt(root), added: [], modified: [], deleted: [], stubs: [] };
    if (!typeCheck || (state.typeChecked && staleTypeCheckFiles(root).length === 0)) {
      options.onStep?.('nothing changed since the last run');
      return { ...nothing, skipped: true };
    }
    // The generated files are what these definitions give; only the type check has news (an edited
    // handler, a module it imports, another TypeScript): run it alone.
    options.onStep?.(UNCHANGED_STEP);
    const { problems } = await checkHandlers(
      checkTarget(root),
      options.onStep === undefined ? {} : { onStep: options.onStep },
    );
    if (problems.length > 0) throw new CodegenError(problems);
    writeState(root, { ...state, typeChecked: true });
    return { ...nothing, skipped: false };
  }
  const tools = listToolFiles(root).length;
  options.onStep?.(`loading ${tools} tool definition${tools === 1 ? '' : 's'}…`);
  return generateFromPack(await loadPack(root), options);
}

/**
 * `generate` for a pack already loaded, without the no-change shortcut: export, check strictness,
 * render, plan, write, type-check, record the state.
 */
export async function generateFromPack(pack: LoadedPack, options: GenerateOptions = {}): Promise<GenerateReport> {
  const { root } = pack;
  const typeCheck = options.typeCheck !== false;
  // The renderers pull in @wesgine/schema's exporters and json-schema-to-typescript: loaded only here.
  const [{ defaultGenerator, renderFiles }, { exportPack, strictProblems }, { DOCS_PATH }, stubModule] =
    await Promise.all([
      import('./generate/generate-files.js'),
      import('./generate/pack-exports.js'),
      import('./generate/docs-file.js'),
      import('./stubs/handler-stub.js'),
    ]);
  const generator = defaultGenerator();
  const context = exportPack(pack, generator);
  const strict = strictProblems(context);
  if (strict.length > 0) throw new CodegenError(strict);
  const files = await renderFiles(context, readOptional(join(root, DOCS_PATH)));
  const stubs = stubModule.handlerStubs(stubModule.toolsWithoutHandler(pack));
  const plan = planWrites(root, files, MANAGED_PATHS);
  applyPlan(root, { ...plan, add: [...plan.add, ...stubs] });
  const written = plan.add.length + plan.modify.length + plan.delete.length + stubs.length;
  options.onStep?.(written === 0 ? 'no generated file changed' : `wrote ${written} file${written === 1 ? '' : 's'}`);
  if (typeCheck) {
    const { problems } = await checkHandlers(pack, options.onStep === undefined ? {} : { onStep: options.onStep });
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
