import { type AnyToolPack, declaredCategory, type ToolCategory } from '@wesgine/schema';
import { type AnyHandler, type RegisteredTool, registerTool } from '../registry/registered-tool.js';

/** What the engine's packs give it together: every tool, alias, category and unlisted name. */
export interface EnginePacks {
  readonly tools: Map<string, RegisteredTool>;
  readonly aliases: Map<string, string>;
  readonly categories: Record<string, ToolCategory>;
  readonly progressAware: string[];
  readonly unlisted: Set<string>;
}

/** Who claims a name: a pack's tool, or an alias of one. */
interface Claim {
  readonly pack: string;
  readonly alias?: string;
}

/**
 * Puts the engine's packs together under one naming rule: a name (a tool's own or an alias) belongs to
 * one tool of the engine, whichever pack it comes from. A clash is an error naming both claims, so the
 * consumer knows which two packs to reconcile. Each tool keeps its own pack as its provenance.
 */
export function enginePacks(given: AnyToolPack | readonly AnyToolPack[] | undefined): EnginePacks {
  const packs = given === undefined ? [] : Array.isArray(given) ? given : [given as AnyToolPack];
  const composed: EnginePacks = {
    tools: new Map(),
    aliases: new Map(),
    categories: {},
    progressAware: [],
    unlisted: new Set(),
  };
  const claims = new Map<string, Claim>();
  const claim = (name: string, next: Claim): void => {
    const earlier = claims.get(name);
    if (earlier !== undefined) {
      throw new Error(
        `the engine's packs name '${name}' twice: ${claimant(earlier)} and ${claimant(next)}; a name (or alias) belongs to one tool of the engine`,
      );
    }
    claims.set(name, next);
  };
  const seen = new Set<AnyToolPack>();
  packs.forEach((pack: unknown, index) => {
    if (typeof pack !== 'object' || pack === null || !Array.isArray((pack as AnyToolPack).tools)) {
      throw new Error(`createEngine: tools[${index}] is not a tool pack; make one with defineToolPack`);
    }
    const { name, version, tools, handlers, unlisted } = pack as AnyToolPack;
    const id = `${name}@${version}`;
    if (seen.has(pack as AnyToolPack)) throw new Error(`createEngine: the tool pack ${id} is given twice`);
    seen.add(pack as AnyToolPack);
    for (const definition of tools) {
      const handler = (handlers as Record<string, AnyHandler | undefined>)[definition.name];
      if (typeof handler !== 'function') {
        throw new Error(`the engine's pack ${id} has no handler for '${definition.name}'`);
      }
      claim(definition.name, { pack: id });
      for (const alias of definition.meta.aliases ?? []) claim(alias, { pack: id, alias: definition.name });
      composed.tools.set(definition.name, registerTool(definition, handler, 'engine', { name, version }));
      const category = declaredCategory(definition.meta);
      composed.categories[definition.name] = category;
      if (definition.meta.progressAware === true) composed.progressAware.push(definition.name);
      for (const alias of definition.meta.aliases ?? []) {
        composed.aliases.set(alias, definition.name);
        composed.categories[alias] = category;
      }
    }
    for (const hidden of unlisted ?? []) composed.unlisted.add(hidden);
  });
  return composed;
}

function claimant(claim: Claim): string {
  return claim.alias === undefined ? `a tool of ${claim.pack}` : `an alias of '${claim.alias}' in ${claim.pack}`;
}
