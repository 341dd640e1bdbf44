import type { AnyToolPack, CategoryMap } from '@wesgine/schema';
import type { AdapterField, AnyAdapter } from '../adapter/adapter.js';
import { engineAdapters } from '../adapter/engine-adapters.js';
import type { RegisteredTool } from '../registry/registered-tool.js';
import { Cell } from './cell.js';
import type { CellSpec } from './cell-spec.js';
import { enginePacks } from './engine-packs.js';
import { FrozenMap, FrozenSet } from './frozen-map.js';

export interface EngineOptions {
  /**
   * The Tier E tools: one pack (`createEngine({ tools: builtins })`) or several
   * (`{ tools: [builtins, myPack] }`). A name or alias belongs to one tool across all of them; each tool
   * keeps its own pack as its provenance.
   */
  readonly tools?: AnyToolPack | readonly AnyToolPack[];
  /**
   * What the adapter fields of a `CellSpec` (`kb`, `email`, `cron`, `headlessBrowser`, `playwright`,
   * `desktop`) are made with: one adapter per field, from the adapter packages (`@wesgine/adapter-kb`, ...).
   */
  readonly adapters?: readonly AnyAdapter[];
}

/**
 * The kernel: the Tier E tools and their category map, fixed when the engine is created. Its maps and
 * sets are read-only copies (no `set` or `delete`), and each definition is frozen by `defineTool` with
 * its own copy of the schemas, so nothing done to the pack or to `engine.tools` later changes a cell.
 */
export interface Engine {
  readonly categories: CategoryMap;
  readonly progressAware: readonly string[];
  readonly tools: ReadonlyMap<string, RegisteredTool>;
  /** Other names engine tools answer to (`search_files` → `grep`), from their `meta.aliases`. */
  readonly aliases: ReadonlyMap<string, string>;
  /** Engine tools that can be called but are not listed (the packs' `unlisted`). */
  readonly unlisted: ReadonlySet<string>;
  /** The adapters cells may use, by the `CellSpec` field each one reads. */
  readonly adapters: ReadonlyMap<AdapterField, AnyAdapter>;
  createCell(spec: CellSpec): Cell;
}

export function createEngine(options: EngineOptions = {}): Engine {
  const { tools, aliases, categories, progressAware, unlisted } = enginePacks(options.tools);
  const engine: Engine = Object.freeze({
    categories: Object.freeze(categories),
    progressAware: Object.freeze(progressAware.sort()),
    tools: new FrozenMap(tools),
    aliases: new FrozenMap(aliases),
    unlisted: new FrozenSet(unlisted),
    adapters: new FrozenMap(engineAdapters(options.adapters)),
    createCell: (spec: CellSpec) => new Cell(engine, spec),
  });
  return engine;
}
