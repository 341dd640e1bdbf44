import { type AdapterSource, defineAdapter, type SourcedTool } from '@wesgine/runtime';
import { handlers, pack, tools } from '../generated/handlers.gen.js';
import { forgetCellBrowser, registerCellBrowser } from './cell-pools.js';
import { ContextPool } from './context-pool.js';
import { headlessBrowserOptions } from './spec-options.js';

const PROVENANCE = `${pack.name}@${pack.version}`;

/** The pack's tools with their handlers, as a source lists them. */
const SOURCED: readonly SourcedTool[] = tools.map((definition) => ({
  definition,
  handler: handlers[definition.name] as SourcedTool['handler'],
}));

/**
 * `CellSpec.headlessBrowser` → `page.read`, `page.screenshot` and `page.pdf`. Creating the source checks
 * the spec and starts nothing: the browser is launched by the first call and shared with the process's
 * other browser tools; stopping the cell ends its calls and closes its contexts.
 */
export const headlessBrowserAdapter = defineAdapter({
  field: 'headlessBrowser',
  provenance: PROVENANCE,
  create(cell, spec): AdapterSource {
    const options = headlessBrowserOptions(spec);
    const pool = new ContextPool(options);
    registerCellBrowser(cell.id, { pool, timeoutMs: options.timeoutMs });
    let closing: Promise<void> | undefined;
    return {
      kind: 'adapter',
      id: 'adapter:headlessBrowser',
      provenance: PROVENANCE,
      tools: () => SOURCED,
      close() {
        closing ??= (async () => {
          forgetCellBrowser(cell.id);
          await pool.close();
        })();
        return closing;
      },
    };
  },
});
