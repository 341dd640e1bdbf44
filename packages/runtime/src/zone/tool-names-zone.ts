import type { Effect } from './effect.js';
import type { Zone, ZoneDecision, ZonePathRequest, ZoneRequest } from './zone.js';
import type { ZoneDescription } from './zone-description.js';

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
    pathEffect(request: ZonePathRequest): Effect | undefined {
      const aliases = aliasesOf(request.tool);
      return zone.pathEffect(aliases === undefined || aliases.length === 0 ? request : { ...request, aliases });
    },
    allowsHosts(tool: string): boolean {
      return zone.allowsHosts(tool, aliasesOf(tool));
    },
    narrow(child: Zone): Zone {
      return toolNamesZone(zone.narrow(child), aliasesOf);
    },
    ...(zone.describe === undefined ? {} : { describe: () => (zone.describe as () => ZoneDescription)() }),
  };
}
