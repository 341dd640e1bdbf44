import { relative } from 'node:path';
import { DOCS_PATH } from '../generate/docs-file.js';
import { generateFiles } from '../generate/generate-files.js';
import { loadPack } from '../load/load-pack.js';
import { applyPlan } from '../plan/apply-plan.js';
import { planWrites } from '../plan/plan-writes.js';
import { readOptional } from '../plan/read-optional.js';
import type { CliIo } from './io.js';

/** `wesgine-tools docs`: regenerates the reference in docs/tools.md and nothing else. */
export async function commandDocs(io: CliIo, packs: readonly string[]): Promise<number> {
  for (const root of packs) {
    const pack = await loadPack(root);
    const files = await generateFiles(pack, { docsPage: readOptional(`${root}/${DOCS_PATH}`) });
    const docs = files.filter((file) => file.path === DOCS_PATH);
    const plan = planWrites(root, docs, []);
    applyPlan(root, plan);
    const shown = relative(io.cwd, `${root}/${DOCS_PATH}`);
    io.out(plan.add.length + plan.modify.length === 0 ? `${shown}: up to date` : `${shown}: written`);
  }
  return 0;
}
