import { type CategoryMap, closeNames, type ToolCategory, toolNameProblem } from '@wesgine/schema';
import type { Engine } from './create-engine.js';

/** The name lists of a cell's spec, checked and with every alias replaced by its tool's own name. */
export interface CellNames {
  readonly disabled: ReadonlySet<string>;
  readonly extraCategories: CategoryMap | undefined;
  readonly extraProgressAware: readonly string[] | undefined;
}

/** The engine tool `name` means (its own name or an alias), or undefined. */
export function engineToolName(engine: Engine, name: string): string | undefined {
  if (engine.tools.has(name)) return name;
  return engine.aliases.get(name);
}

/**
 * Checks the cell spec's name lists when the cell is created, resolving aliases (`search_files` means
 * `grep`). `disabledEngineSkills` names engine tools only, and the engine's tools are fixed, so an unknown
 * name there is an error naming the closest engine names. `extraCategories` and `extraProgressAware` are
 * for tools that may arrive after the cell is created (SDK tools, MCP servers, plugins, run tools), so a
 * name unknown today is accepted; a name that can never be a tool's is an error, and so is an engine tool
 * (or alias) in `extraCategories`, where the engine's own map would silently win.
 */
export function resolveCellNames(
  engine: Engine,
  spec: {
    readonly disabledEngineSkills?: readonly string[];
    readonly extraCategories?: CategoryMap;
    readonly extraProgressAware?: readonly string[];
  },
): CellNames {
  const disabled = new Set<string>();
  for (const name of nameList(spec.disabledEngineSkills, 'disabledEngineSkills')) {
    const own = engineToolName(engine, name);
    if (own === undefined) throw new Error(`disabledEngineSkills ${unknownEngineName(engine, name)}`);
    disabled.add(own);
  }
  const progress = spec.extraProgressAware;
  const extraProgressAware =
    progress === undefined
      ? undefined
      : [
          ...new Set(
            nameList(progress, 'extraProgressAware').map((name) => wellFormed(engine, name, 'extraProgressAware')),
          ),
        ];
  return { disabled, extraCategories: categories(engine, spec.extraCategories), extraProgressAware };
}

function categories(engine: Engine, map: CategoryMap | undefined): CategoryMap | undefined {
  if (map === undefined) return undefined;
  if (typeof map !== 'object' || map === null || Array.isArray(map)) {
    throw new Error('extraCategories must map tool names to exploration or action');
  }
  const resolved = new Map<string, ToolCategory>();
  for (const [name, category] of Object.entries(map)) {
    if (category !== 'exploration' && category !== 'action') {
      throw new Error(
        `extraCategories gives '${name}' the category ${JSON.stringify(category)}; use exploration or action`,
      );
    }
    const own = wellFormed(engine, name, 'extraCategories');
    const fixed = engine.tools.has(own) ? engine.categories[own] : undefined;
    if (fixed !== undefined) {
      // The engine's map is consulted first: an entry here would be silently ignored.
      const called = own === name ? `'${name}'` : `'${name}' (an alias of '${own}')`;
      throw new Error(
        `extraCategories names ${called}, an engine tool, whose category the engine's map decides (${fixed}); extraCategories is for tools the engine does not have`,
      );
    }
    resolved.set(own, category);
  }
  // Built from entries, so even a tool called `__proto__` is a key, not a prototype.
  return Object.freeze(Object.fromEntries(resolved));
}

/** The tool's own name when `name` is an engine alias; `name` itself when it is well-formed. */
function wellFormed(engine: Engine, name: string, field: string): string {
  const problem = toolNameProblem(name);
  if (problem !== undefined) throw new Error(`${field} names something that cannot be a tool: ${problem}`);
  return engineToolName(engine, name) ?? name;
}

function nameList(value: unknown, field: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Error(`${field} must be a list of tool names, got ${typeof value}`);
  for (const item of value) {
    if (typeof item !== 'string')
      throw new Error(`${field} must be a list of tool names; one item is a ${typeof item}`);
  }
  return value as string[];
}

/** `names 'serch', which is not a tool of the engine; did you mean 'search'? The engine's tools: ...`. */
export function unknownEngineName(engine: Engine, name: string): string {
  const known = [...engine.tools.keys(), ...engine.aliases.keys()];
  return `names '${name}', which is not a tool of the engine${didYouMean(name, known)} The engine's tools: ${
    known.length === 0 ? 'none' : [...engine.tools.keys()].sort().join(', ')
  }.`;
}

/** `; did you mean 'a' or 'b'?` for the closest names, or `.` when none is close. */
export function didYouMean(name: string, known: Iterable<string>): string {
  const close = closeNames(name, known);
  if (close.length === 0) return '.';
  return `; did you mean ${close.map((item) => `'${item}'`).join(' or ')}?`;
}
