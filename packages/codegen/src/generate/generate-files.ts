import { compareText } from '../compare-text.js';
import type { LoadedPack } from '../load/load-pack.js';
import { generatorVersion } from '../version.js';
import type { Generator } from './banner.js';
import { categoriesFile } from './categories-ts.js';
import { docsFile } from './docs-file.js';
import type { GeneratedFile } from './generated-file.js';
import { handlersFile } from './handlers-ts.js';
import { dialectFiles, schemaFiles, toolsJsonFile } from './json-files.js';
import { manifestFile } from './manifest.js';
import { exportPack, type GenerateContext } from './pack-exports.js';
import { typesFile } from './types-ts.js';

/** What generation reads besides the tools: the hand-written docs page, when there is one. */
export interface GenerateInputs {
  /** The current `docs/tools.md`; `undefined` makes a new page. */
  readonly docsPage: string | undefined;
  /** Defaults to this package's name and version. */
  readonly generator?: Generator;
}

/** `@wesgine/codegen` at its installed version. */
export function defaultGenerator(): Generator {
  return { name: '@wesgine/codegen', version: generatorVersion() };
}

/**
 * Every output of codegen for `pack`, sorted by path: JSON Schemas, dialects and loss reports, types,
 * categories, the handler table, the docs page and `toolpack.json`. Pure: reads and writes no file (the
 * docs page comes in `inputs`), and the same pack always gives the same bytes. Handler stubs are not
 * here: they are written once, only when absent (`handlerStubs`).
 */
export async function generateFiles(pack: LoadedPack, inputs: GenerateInputs): Promise<GeneratedFile[]> {
  return renderFiles(exportPack(pack, inputs.generator ?? defaultGenerator()), inputs.docsPage);
}

/** `generateFiles` for a pack already exported (the exports are shared with the strict check). */
export async function renderFiles(context: GenerateContext, docsPage: string | undefined): Promise<GeneratedFile[]> {
  const files = [
    toolsJsonFile(context),
    ...schemaFiles(context),
    ...dialectFiles(context),
    await typesFile(context),
    categoriesFile(context),
    handlersFile(context),
    docsFile(context, docsPage),
    manifestFile(context),
  ];
  return files.sort((a, b) => compareText(a.path, b.path));
}
