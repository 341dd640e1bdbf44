import { type AnyToolPack, type CategoryMap, declaredCategory } from '@wesgine/schema';
import { type AnyHandler, type RegisteredTool, registerTool } from '../registry/registered-tool.js';
import { Cell } from './cell.js';
import type { CellSpec } from './cell-spec.js';
import { FrozenMap, FrozenSet } from './frozen-map.js';

export interface EngineOptions {
  /** The Tier E tools, as a pack value (`createEngine({ tools: builtins })`). */
  readonly tools?: AnyToolPack;
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
  /** Engine tools that can be called but are not listed (the pack's `unlisted`). */
  readonly unlisted: ReadonlySet<string>;
  createCell(spec: CellSpec): Cell;
}

export function createEngine(options: EngineOptions = {}): Engine {
  const tools = new Map<string, RegisteredTool>();
  const categories: Record<string, 'exploration' | 'action'> = {};
  const progressAware: string[] = [];
  const aliases = new Map<string, string>();
  const pack = options.tools;
  if (pack !== undefined) {
    const handlers = pack.handlers as Record<string, AnyHandler | undefined>;
    for (const definition of pack.tools) {
      const handler = handlers[definition.name];
      if (handler === undefined) throw new Error(`the engine pack has no handler for '${definition.name}'`);
      tools.set(definition.name, registerTool(definition, handler, 'engine', `${pack.name}@${pack.version}`));
      categories[definition.name] = declaredCategory(definition.meta);
      if (definition.meta.progressAware === true) progressAware.push(definition.name);
      for (const alias of definition.meta.aliases ?? []) {
        aliases.set(alias, definition.name);
        categories[alias] = categories[definition.name] as 'exploration' | 'action';
      }
    }
    for (const [alias, name] of aliases) {
      if (tools.has(alias))
        throw new Error(`the engine pack names '${alias}' both as a tool and as an alias of '${name}'`);
    }
  }
  const engine: Engine = Object.freeze({
    categories: Object.freeze(categories),
    progressAware: Object.freeze(progressAware.sort()),
    tools: new FrozenMap(tools),
    aliases: new FrozenMap(aliases),
    unlisted: new FrozenSet(pack?.unlisted ?? []),
    createCell: (spec: CellSpec) => new Cell(engine, spec),
  });
  return engine;
}
