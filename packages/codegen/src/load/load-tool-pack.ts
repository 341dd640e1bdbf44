import { join } from 'node:path';
import { type AnyToolPack, isToolPack } from '@wesgine/schema';
import { tsImport } from 'tsx/esm/api';
import { CodegenError, problem } from '../errors.js';
import { defaultExport } from './load-pack.js';
import { missingPackage, missingPackageMessage } from './missing-package.js';

/** Imports the pack's `src/index.ts` (through tsx) and returns its `defineToolPack(...)` default export. */
export async function loadToolPack(root: string): Promise<AnyToolPack> {
  let loaded: { default?: unknown };
  try {
    loaded = (await tsImport(join(root, 'src', 'index.ts'), import.meta.url)) as { default?: unknown };
  } catch (error) {
    const name = missingPackage(error);
    if (name !== undefined)
      throw new CodegenError([problem('package.json', undefined, missingPackageMessage(root, [name]))]);
    throw new CodegenError([{ file: 'src/index.ts', message: `the pack failed to load: ${(error as Error).message}` }]);
  }
  const pack = defaultExport(loaded);
  if (!isToolPack(pack)) {
    throw new CodegenError([
      { file: 'src/index.ts', message: 'the default export is not a defineToolPack(...) value' },
    ]);
  }
  return pack;
}
