import { join } from 'node:path';
import { DOCS_PATH } from './generate/docs-file.js';
import { generateFiles } from './generate/generate-files.js';
import { loadPack } from './load/load-pack.js';
import { applyPlan } from './plan/apply-plan.js';
import { planWrites } from './plan/plan-writes.js';
import { readOptional } from './plan/read-optional.js';

/** Regenerates the reference in the pack's docs page and nothing else; says whether the page changed. */
export async function generateDocs(root: string): Promise<{ readonly path: string; readonly written: boolean }> {
  const pack = await loadPack(root);
  const files = await generateFiles(pack, { docsPage: readOptional(join(root, DOCS_PATH)) });
  const plan = planWrites(
    root,
    files.filter((file) => file.path === DOCS_PATH),
    [],
  );
  applyPlan(root, plan);
  return { path: DOCS_PATH, written: plan.add.length + plan.modify.length > 0 };
}
