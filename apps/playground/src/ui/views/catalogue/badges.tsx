import type { CatalogueEntry } from '../../api/types.js';
import { categoryFromLabel, sourceLabel } from './catalogue-filters.js';

/** Where a tool came from, with its provenance (`@wesgine/builtins@0.1.0`, `mcp:fs`) on hover. */
export function SourceBadge({ source }: { readonly source: CatalogueEntry['source'] }) {
  const label = sourceLabel(source);
  return (
    <span className={`badge source source-${label.replace(/\W+/g, '-')}`} title={source.provenance}>
      {label}
    </span>
  );
}

/** `exploration` or `action`: what governance's defaults and the zone's categories go by. */
export function CategoryBadge({
  category,
  from,
}: {
  readonly category: CatalogueEntry['category'];
  readonly from?: CatalogueEntry['categoryFrom'];
}) {
  return (
    <span
      className={`badge category category-${category}`}
      {...(from === undefined ? {} : { title: `decided by ${categoryFromLabel(from)}` })}
    >
      {category}
    </span>
  );
}

/** A source whose process runs outside the OS sandbox says so wherever the tool is shown. */
export function SandboxOffBadge() {
  return (
    <span className="badge sandbox-off" title="Its source's process runs outside the OS sandbox">
      sandbox off
    </span>
  );
}
