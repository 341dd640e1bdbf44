import { reporter } from './check-fields.js';
import { strictness } from './effect.js';
import type { ChainLink } from './load-chain.js';
import { CATEGORIES, chainDefaults } from './zone-defaults.js';

/**
 * The checks that need the whole chain: rule ids are unique across it, and no zone sets a default looser
 * than one of the zones it extends. `links` are parents first, as `loadChain` returns them.
 */
export function checkChain(links: readonly ChainLink[], problems: string[]): void {
  const owners = new Map<string, { readonly link: ChainLink; readonly index: number }>();
  for (const link of links) {
    const report = reporter(link.file, problems);
    for (const rule of link.spec.rules) {
      const owner = owners.get(rule.id);
      if (owner === undefined) {
        owners.set(rule.id, { link, index: rule.index });
        continue;
      }
      const place =
        owner.link === link
          ? `rules[${owner.index}] of this zone`
          : `rules[${owner.index}] of zone ${owner.link.spec.zone}${owner.link.file === undefined ? '' : ` (${owner.link.file})`}`;
      report(
        `rules[${rule.index}].id (rule ${rule.id})`,
        `is already the id of ${place}; ids are unique across the chain`,
      );
    }
    for (const parent of link.parents) {
      const inherited = chainDefaults(parent);
      for (const category of CATEGORIES) {
        const own = link.spec.defaults[category];
        const theirs = inherited[category];
        if (own === undefined || strictness(own) >= strictness(theirs.effect)) continue;
        const where = theirs.file === undefined ? '' : ` (${theirs.file})`;
        report(
          `defaults.${category}`,
          `${own} is looser than ${theirs.effect} in zone ${theirs.zone}${where}, which this zone extends; a zone can only narrow its parents`,
        );
      }
    }
  }
}
