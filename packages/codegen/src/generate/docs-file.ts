import { markdownBanner } from './banner.js';
import { newDocsPage, spliceBetweenMarkers } from './docs-markers.js';
import { docsReference } from './docs-reference.js';
import type { GeneratedFile } from './generated-file.js';
import type { GenerateContext } from './pack-exports.js';

export const DOCS_PATH = 'docs/tools.md';

/**
 * `docs/tools.md`: the hand-written page with the generated reference between its markers; a new page
 * with a title and the markers when the pack has none (`page` undefined).
 */
export function docsFile(context: GenerateContext, page: string | undefined): GeneratedFile {
  const generated = `${markdownBanner(context.generator, 'tools/*.tool.ts')}\n${docsReference(context.tools)}`;
  const base = page ?? newDocsPage(context.pack.name);
  return { path: DOCS_PATH, contents: spliceBetweenMarkers(base, generated, DOCS_PATH) };
}
