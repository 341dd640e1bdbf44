import { describe, isRecord, type Report, reportUnknownKeys } from './check-fields.js';
import { checkRule } from './check-rule.js';
import { type Effect, isEffect } from './effect.js';
import type { RuleSpec } from './rule-spec.js';

/** The defaults a file sets; a category it leaves out comes from its parents (or the built-in ones). */
export interface PolicyDefaults {
  readonly exploration?: Effect;
  readonly action?: Effect;
}

/** One policy file (or object), checked. Parts with problems are left out; the problems are reported. */
export interface PolicySpec {
  readonly zone: string;
  readonly extends: readonly string[];
  readonly defaults: PolicyDefaults;
  readonly rules: readonly RuleSpec[];
}

const POLICY_FIELDS = ['version', 'zone', 'extends', 'defaults', 'rules'];
const DEFAULT_FIELDS = ['exploration', 'action', 'noHuman'];

/** Checks a parsed policy; returns what could be read (`undefined` when it is not a mapping at all). */
export function checkPolicy(value: unknown, report: Report): PolicySpec | undefined {
  if (!isRecord(value)) {
    report('', `a zone policy must be a mapping with version, zone and rules, got ${describe(value)}`);
    return undefined;
  }
  reportUnknownKeys(value, POLICY_FIELDS, (key) => key, report);

  const version = value['version'];
  if (version === undefined) report('version', 'missing; write version: 1');
  else if (version !== 1) report('version', `must be 1 (the only version there is), got ${describe(version)}`);

  const zone = value['zone'];
  if (zone === undefined) report('zone', 'missing; give the zone an id, e.g. zone: acme/ci-bot');
  else if (typeof zone !== 'string' || zone.trim() === '') {
    report('zone', `must be a non-empty string, got ${describe(zone)}`);
  }

  return {
    zone: typeof zone === 'string' ? zone : '',
    extends: checkExtends(value['extends'], report),
    defaults: checkDefaults(value['defaults'], report),
    rules: checkRules(value['rules'], report),
  };
}

function checkExtends(value: unknown, report: Report): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    report('extends', `must be a list of zone names or file paths, e.g. [baseline], got ${describe(value)}`);
    return [];
  }
  const names: string[] = [];
  value.forEach((entry: unknown, index) => {
    if (typeof entry === 'string' && entry !== '') names.push(entry);
    else report(`extends[${index}]`, `must be a zone name or a file path, got ${describe(entry)}`);
  });
  return names;
}

function checkDefaults(value: unknown, report: Report): PolicyDefaults {
  if (value === undefined) return {};
  if (!isRecord(value)) {
    report('defaults', `must be a mapping with exploration, action and noHuman, got ${describe(value)}`);
    return {};
  }
  reportUnknownKeys(value, DEFAULT_FIELDS, (key) => `defaults.${key}`, report);
  const defaults: { exploration?: Effect; action?: Effect } = {};
  for (const category of ['exploration', 'action'] as const) {
    const effect = value[category];
    if (effect === undefined) continue;
    if (isEffect(effect)) defaults[category] = effect;
    else report(`defaults.${category}`, `must be allow, ask or deny, got ${describe(effect)}`);
  }
  const noHuman = value['noHuman'];
  if (noHuman !== undefined && noHuman !== 'deny') {
    report('defaults.noHuman', `can only be deny (an ask nobody can answer is refused), got ${describe(noHuman)}`);
  }
  return defaults;
}

function checkRules(value: unknown, report: Report): RuleSpec[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    report('rules', `must be a list of rules, got ${describe(value)}`);
    return [];
  }
  const rules: RuleSpec[] = [];
  value.forEach((entry: unknown, index) => {
    const rule = checkRule(entry, index, report);
    if (rule !== undefined) rules.push(rule);
  });
  return rules;
}
