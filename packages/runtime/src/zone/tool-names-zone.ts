import type { Zone, ZoneDecision, ZoneRequest } from './zone.js';

/**
 * `zone` deciding on every name of a tool: each request carries the tool's aliases, so a rule that names
 * an alias (`tools: [search_files]`) governs the tool (`grep`) whichever name the model called it by.
 */
export function toolNamesZone(zone: Zone, aliasesOf: (tool: string) => readonly string[] | undefined): Zone {
  return {
    id: zone.id,
    decide(request: ZoneRequest): ZoneDecision {
      const aliases = aliasesOf(request.tool);
      return zone.decide(aliases === undefined || aliases.length === 0 ? request : { ...request, aliases });
    },
    narrow(child: Zone): Zone {
      return toolNamesZone(zone.narrow(child), aliasesOf);
    },
  };
}
