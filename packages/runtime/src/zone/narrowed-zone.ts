import { type Effect, strictness } from './effect.js';
import type { Zone, ZoneDecision, ZonePathRequest, ZoneRequest } from './zone.js';
import type { ZoneDescription } from './zone-description.js';

/**
 * `parent` narrowed by `child`: each decides on its own and the stricter decision stands (on a tie, the
 * parent's). Neither can widen the other, whatever their defaults or allow rules say. When both allow,
 * the decision is explicit only when both are (see zone.ts): a `meta.askFirst` tool goes without asking
 * only when both zones name it.
 */
export function narrowZone(parent: Zone, child: Zone): Zone {
  return {
    id: `${parent.id} > ${child.id}`,
    decide(request: ZoneRequest): ZoneDecision {
      const first = parent.decide(request);
      if (first.effect === 'deny') return first;
      const second = child.decide(request);
      // Both allow: the parent's, unless only it named the tool (then an askFirst tool must still ask).
      if (first.effect === 'allow' && second.effect === 'allow') {
        return first.explicit === true && second.explicit !== true ? second : first;
      }
      return strictness(second.effect) > strictness(first.effect) ? second : first;
    },
    pathEffect(request: ZonePathRequest): Effect | undefined {
      const first = parent.pathEffect(request);
      if (first === 'deny') return first;
      const second = child.pathEffect(request);
      if (second === undefined) return first;
      return first === undefined || strictness(second) > strictness(first) ? second : first;
    },
    allowsHosts(tool: string, aliases?: readonly string[]): boolean {
      return parent.allowsHosts(tool, aliases) && child.allowsHosts(tool, aliases);
    },
    narrow(next: Zone): Zone {
      return narrowZone(this, next);
    },
    ...(parent.describe === undefined || child.describe === undefined
      ? {}
      : { describe: () => narrowedDescription(parent, child) }),
  };
}

/** Both chains' rules, the parent's first, and per category the stricter default: what applies. */
function narrowedDescription(parent: Zone, child: Zone): ZoneDescription {
  const first = (parent.describe as () => ZoneDescription)();
  const second = (child.describe as () => ZoneDescription)();
  const stricter = (a: Effect, b: Effect) => (strictness(b) > strictness(a) ? b : a);
  return {
    id: `${first.id} > ${second.id}`,
    file: undefined,
    text: undefined,
    rules: [...first.rules, ...second.rules],
    defaults: {
      exploration: stricter(first.defaults.exploration, second.defaults.exploration),
      action: stricter(first.defaults.action, second.defaults.action),
    },
  };
}
