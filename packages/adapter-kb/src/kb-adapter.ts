import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Adapter,
  type AdapterSource,
  type AnyHandler,
  type Cell,
  defineAdapter,
  type SourcedTool,
} from '@wesgine/runtime';
import { handlers, pack, tools } from '../generated/handlers.gen.js';
import { closeKbCell, openKbCell } from './kb-cells.js';
import { KbFilter } from './kb-filter.js';
import { KbIndexer } from './kb-indexer.js';
import { checkKbSpec } from './kb-spec-check.js';
import type { KbStore } from './kb-store.js';
import { KbWatcher } from './kb-watcher.js';
import { sqliteKbStore } from './sqlite-kb-store.js';

const PROVENANCE = `${pack.name}@${pack.version}`;

/** What `createKbAdapter` may be given. */
export interface KbAdapterOptions {
  /**
   * The index of a cell; by default SQLite FTS5 in `<cell.dataDir>/kb/index.sqlite`. Give one over a
   * shared database when several instances serve the same cells.
   */
  readonly store?: (cell: Cell) => KbStore;
}

/** The pack's tools with their generated handlers: the same list for every cell (state is found by cell id). */
const sourcedTools: readonly SourcedTool[] = Object.freeze(
  tools.map((definition) => ({ definition, handler: handlers[definition.name] as AnyHandler })),
);

/**
 * The kb adapter: `CellSpec.kb` folders indexed into SQLite FTS5, kept current by a watch, searched by
 * `kb.search`, read by `kb.get`, listed by `kb.list`. `create` checks the spec (every folder one the
 * cell may read) and opens the index; the first scan runs at once and `ready()` resolves when it is done.
 */
export function createKbAdapter(options: KbAdapterOptions = {}): Adapter<'kb'> {
  return defineAdapter({
    field: 'kb',
    provenance: PROVENANCE,
    create(cell, spec): AdapterSource {
      const checked = checkKbSpec(cell, spec);
      const file = join(cell.dataDir, 'kb', 'index.sqlite');
      let store: KbStore;
      try {
        store = options.store?.(cell) ?? sqliteKbStore(file);
      } catch (error) {
        throw new Error(`the kb cannot open its index at ${file}: ${(error as Error).message}`);
      }
      const filter = new KbFilter(checked.include, checked.exclude);
      const skip = [realpathSync(cell.dataDir)];
      const indexer = new KbIndexer({
        store,
        folders: checked.folders,
        filter,
        maxFileBytes: checked.maxFileBytes,
        mayRead: (path) => cell.mayRead('kb.search', path),
        skip,
      });
      const watcher = new KbWatcher({
        folders: checked.folders,
        filter,
        skip,
        changed: (paths) => void indexer.update(paths).catch(() => {}),
        warn: (message) =>
          cell.events.emit({
            kind: 'source',
            cellId: cell.id,
            sourceId: 'adapter:kb',
            state: 'warning',
            message,
            at: new Date().toISOString(),
          }),
      });
      const started = indexer.scan().then(() => {});
      // Told by ready() and by each call; never an unhandled rejection meanwhile.
      started.catch(() => {});
      openKbCell(cell.id, { store, indexer, spec: checked, started });
      let closing: Promise<void> | undefined;
      return {
        kind: 'adapter',
        id: 'adapter:kb',
        provenance: PROVENANCE,
        tools: () => sourcedTools,
        ready: () => started,
        close: () => {
          closing ??= (async () => {
            closeKbCell(cell.id);
            watcher.close();
            await indexer.close();
            await store.close();
          })();
          return closing;
        },
      };
    },
  });
}

/** The kb adapter with its SQLite index, for `createEngine({ adapters: [kbAdapter] })`. */
export const kbAdapter: Adapter<'kb'> = createKbAdapter();
