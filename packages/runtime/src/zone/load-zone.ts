import { homedir } from 'node:os';
import { checkChain } from './check-chain.js';
import { reporter } from './check-fields.js';
import { loadChain } from './load-chain.js';
import { PolicyZone, type ZoneRule } from './policy-zone.js';
import { checkRuleExamples } from './rule-examples.js';
import type { Zone } from './zone.js';
import { chainDefaults } from './zone-defaults.js';
import { ZoneError } from './zone-error.js';

export interface LoadZoneOptions {
  /** Where a relative file path, and the `extends` of a policy given as an object, are found. */
  readonly baseDir?: string;
  /** The folder `~/` patterns stand for; the user's home folder when absent. */
  readonly home?: string;
}

/**
 * Loads a zone policy with every zone it extends: a file path (`.yaml`, `.yml`, `.json`) or the parsed
 * policy. Checks everything, runs the rules' examples, and throws one `ZoneError` listing every problem.
 */
export function loadZone(source: string | object, options: LoadZoneOptions = {}): Zone {
  const problems: string[] = [];
  const links = loadChain(source, options.baseDir, problems);
  checkChain(links, problems);
  for (const link of links) {
    const report = reporter(link.file, problems);
    for (const rule of link.spec.rules) checkRuleExamples(rule, report);
  }
  const zone = links.at(-1);
  if (problems.length > 0 || zone === undefined) throw new ZoneError(problems);
  const rules: ZoneRule[] = [];
  for (const link of links) {
    for (const spec of link.spec.rules) rules.push({ spec, zone: link.spec.zone, order: rules.length });
  }
  return new PolicyZone(zone.spec.zone, rules, chainDefaults(zone), options.home ?? homedir(), {
    file: zone.file,
    text: zone.text,
  });
}
