import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type AnyToolPack, defineToolPack, ToolError } from '@wesgine/schema';
import { tsImport } from 'tsx/esm/api';
import { CodegenError, problem } from '../errors.js';
import { missingPackage, missingPackageMessage } from './missing-package.js';

const HANDLERS_FILE = 'generated/handlers.gen.ts';

/**
 * The pack as `gen` wrote it: `generated/handlers.gen.ts` (its name and version, every tool, every
 * handler) put together with `defineToolPack`, the same checks the pack's own entry applies. `call`
 * reads this rather than `src/index.ts`, which is the author's file and may be anything (or absent).
 */
export async function loadGeneratedPack(root: string): Promise<AnyToolPack> {
  const path = join(root, HANDLERS_FILE);
  if (!existsSync(path)) {
    throw new CodegenError([problem(HANDLERS_FILE, undefined, 'is missing: run `wesgine-tools gen` first')]);
  }
  let loaded: { pack?: { name?: unknown; version?: unknown }; tools?: unknown; handlers?: unknown };
  try {
    const tsconfig = join(root, 'tsconfig.json');
    loaded = (await tsImport(pathToFileURL(path).href, {
      parentURL: import.meta.url,
      tsconfig: existsSync(tsconfig) ? tsconfig : false,
    })) as typeof loaded;
  } catch (error) {
    const name = missingPackage(error);
    if (name !== undefined)
      throw new CodegenError([problem('package.json', undefined, missingPackageMessage(root, [name]))]);
    const text = error instanceof Error ? error.message : String(error);
    const shown = text.split(pathToFileURL(root).href).join('').split(`${root}/`).join('');
    throw new CodegenError([problem(HANDLERS_FILE, undefined, `failed to load: ${shown.trim()}`)]);
  }
  const { pack, tools, handlers } = loaded;
  if (typeof pack?.name !== 'string' || typeof pack.version !== 'string' || !Array.isArray(tools)) {
    throw new CodegenError([
      problem(
        HANDLERS_FILE,
        undefined,
        'does not export pack, tools and handlers: run `wesgine-tools gen` to rewrite it',
      ),
    ]);
  }
  try {
    return defineToolPack({ name: pack.name, version: pack.version, tools, handlers: handlers as never });
  } catch (error) {
    const text = ToolError.isInstance(error) ? error.message : String(error);
    throw new CodegenError([problem(HANDLERS_FILE, undefined, `${text}; run \`wesgine-tools gen\` to rewrite it`)]);
  }
}
