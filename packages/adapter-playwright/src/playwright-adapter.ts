import { join } from 'node:path';
import { type AdapterSource, type AnyHandler, defineAdapter, type SourcedTool } from '@wesgine/runtime';
import { handlers, pack, tools } from '../generated/handlers.gen.js';
import { addCellState, removeCellState } from './cell-states.js';
import { PlaywrightCell } from './playwright-cell.js';
import { playwrightSettings } from './playwright-settings.js';
import { sqliteSessionStore } from './sqlite-session-store.js';

const provenance = `${pack.name}@${pack.version}`;

/** The pack's tools with their handlers, as the source lists them. */
const sourced: readonly SourcedTool[] = tools.map((definition) => ({
  definition,
  // Each handler is typed by its own tool's arguments; the pipeline checks them before it runs.
  handler: handlers[definition.name] as AnyHandler,
}));

/**
 * `CellSpec.playwright` → the `browser.*` tools: sessions of the shared sandboxed Chromium that a model
 * drives through the page's accessibility tree. The session records live in
 * `<dataDir>/playwright/sessions.sqlite`; the pages themselves never outlive the cell.
 */
export const playwrightAdapter = defineAdapter({
  field: 'playwright',
  provenance,
  create(cell, spec): AdapterSource {
    const settings = playwrightSettings(spec);
    const store = sqliteSessionStore(join(cell.dataDir, 'playwright', 'sessions.sqlite'));
    const state = new PlaywrightCell(cell, settings, store);
    addCellState(cell.id, state);
    return {
      kind: 'adapter',
      id: 'adapter:playwright',
      provenance,
      tools: () => sourced,
      ready: () => state.ready(),
      async close() {
        removeCellState(cell.id, state);
        await state.stop();
      },
    };
  },
});
