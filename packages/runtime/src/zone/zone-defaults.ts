import type { Effect } from './effect.js';
import { strictness } from './effect.js';
import type { ChainLink } from './load-chain.js';

export type Category = 'exploration' | 'action';

export const CATEGORIES: readonly Category[] = ['exploration', 'action'];

/** What a zone does with a call no rule covers, when neither it nor a parent says. */
export const BUILT_IN_DEFAULTS: Readonly<Record<Category, Effect>> = { exploration: 'allow', action: 'ask' };

/** The default that applies to a category, and the zone that set it. */
export interface DefaultChoice {
  readonly effect: Effect;
  readonly zone: string;
  readonly file: string | undefined;
}

/**
 * The defaults of a zone with its chain: per category the strictest any of them sets (the first zone in
 * chain order that sets it is named), else the built-in default in the zone's own name.
 */
export function chainDefaults(link: ChainLink): Record<Category, DefaultChoice> {
  const zones = ancestry(link);
  const choose = (category: Category): DefaultChoice => {
    let chosen: DefaultChoice | undefined;
    for (const zone of zones) {
      const effect = zone.spec.defaults[category];
      if (effect !== undefined && (chosen === undefined || strictness(effect) > strictness(chosen.effect))) {
        chosen = { effect, zone: zone.spec.zone, file: zone.file };
      }
    }
    return chosen ?? { effect: BUILT_IN_DEFAULTS[category], zone: link.spec.zone, file: link.file };
  };
  return { exploration: choose('exploration'), action: choose('action') };
}

/** A zone and everything it extends, each once, parents before children. */
function ancestry(link: ChainLink): ChainLink[] {
  const order: ChainLink[] = [];
  const visit = (current: ChainLink) => {
    if (order.includes(current)) return;
    for (const parent of current.parents) visit(parent);
    order.push(current);
  };
  visit(link);
  return order;
}
