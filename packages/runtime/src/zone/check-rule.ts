import { compileRecipientPattern, type RecipientPattern } from '../governance/recipient-pattern.js';
import { compileArgvPattern } from './argv-pattern.js';
import { describe, isRecord, type Report, reportUnknownKeys } from './check-fields.js';
import { compileDomainPattern, type DomainPattern } from './domain-pattern.js';
import { isEffect } from './effect.js';
import { compilePathPattern, type PathPattern } from './path-pattern.js';
import type { Condition, RuleSpec } from './rule-spec.js';
import { compileToolPatterns } from './tool-pattern.js';

const RULE_FIELDS = ['id', 'effect', 'tools', 'paths', 'argv', 'domains', 'recipients', 'reason', 'examples'];
const CONDITIONS = ['paths', 'argv', 'domains', 'recipients'] as const;
const WRONG_LIST: Record<Exclude<(typeof CONDITIONS)[number], 'argv'>, string> = {
  paths: 'must be a non-empty list of path patterns',
  domains: 'must be a non-empty list of host names',
  recipients: 'must be a non-empty list of address patterns (*@example.com, bob@example.org)',
};
const COMPILE = {
  paths: compilePathPattern,
  domains: compileDomainPattern,
  recipients: compileRecipientPattern,
} as const;
const EXAMPLE_FIELDS = ['match', 'not_match'];
const RULE_ID = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/**
 * Checks and compiles `rules[index]`. Reports every problem (as `rules[2].effect (rule tests-ok): ...`) and
 * returns `undefined` when there was any.
 */
export function checkRule(value: unknown, index: number, report: Report): RuleSpec | undefined {
  if (!isRecord(value)) {
    report(`rules[${index}]`, `must be a mapping with id, effect and tools, got ${describe(value)}`);
    return undefined;
  }
  const id = typeof value['id'] === 'string' && RULE_ID.test(value['id']) ? value['id'] : undefined;
  const at = (field: string) => `rules[${index}]${field}${id === undefined ? '' : ` (rule ${id})`}`;
  let failed = false;
  const fail: Report = (where, message) => {
    failed = true;
    report(where, message);
  };
  reportUnknownKeys(value, RULE_FIELDS, (key) => at(`.${key}`), fail);

  if (value['id'] === undefined) fail(at('.id'), 'missing; every rule needs an id, unique across the zone chain');
  else if (id === undefined) {
    const rule = 'must start with a letter or digit and hold only letters, digits, ".", "_", "-" and "/"';
    fail(at('.id'), `${rule}; got ${describe(value['id'])}`);
  }

  const effect = value['effect'];
  if (effect === undefined) fail(at('.effect'), 'missing; every rule must say allow, ask or deny (nothing is assumed)');
  else if (!isEffect(effect)) fail(at('.effect'), `must be allow, ask or deny, got ${describe(effect)}`);

  const tools = stringList(value['tools'], '.tools', at, fail, {
    missing: 'missing; list the tools this rule governs, e.g. [read, exec]',
    wrong: 'must be a non-empty list of tool names ("*" matches any characters)',
  });

  const condition = checkCondition(value, at, fail);

  const reason = value['reason'];
  if (reason !== undefined && (typeof reason !== 'string' || reason.trim() === '')) {
    fail(at('.reason'), `must be a non-empty sentence for the model to read, got ${describe(reason)}`);
  }

  const examples = checkExamples(value['examples'], condition, at, fail);

  if (failed || id === undefined || !isEffect(effect) || tools === undefined || condition === undefined)
    return undefined;
  return {
    index,
    id,
    effect,
    tools: compileToolPatterns(tools),
    condition,
    reason: typeof reason === 'string' ? reason : undefined,
    examples,
  };
}

function checkCondition(
  value: Readonly<Record<string, unknown>>,
  at: (field: string) => string,
  fail: Report,
): Condition | undefined {
  const present = CONDITIONS.filter((kind) => value[kind] !== undefined);
  if (present.length > 1) {
    fail(at(''), `give at most one of paths, argv, domains and recipients; this rule has ${present.join(' and ')}`);
    return undefined;
  }
  const kind = present[0];
  if (kind === undefined) return { kind: 'none' };
  if (kind === 'argv') {
    const pattern = compileArgvPattern(value['argv']);
    if (!Array.isArray(pattern)) return { kind, pattern };
    for (const problem of pattern) fail(at(`.argv${problem.at}`), problem.message);
    return undefined;
  }
  const texts = stringList(value[kind], `.${kind}`, at, fail, { missing: '', wrong: WRONG_LIST[kind] });
  if (texts === undefined) return undefined;
  const compile: (text: string) => PathPattern | DomainPattern | RecipientPattern | string = COMPILE[kind];
  const patterns: (PathPattern | DomainPattern | RecipientPattern)[] = [];
  texts.forEach((text, position) => {
    const pattern = compile(text);
    if (typeof pattern === 'string') fail(at(`.${kind}[${position}]`), pattern);
    else patterns.push(pattern);
  });
  if (patterns.length !== texts.length) return undefined;
  if (kind === 'paths') return { kind, patterns: patterns as PathPattern[] };
  if (kind === 'domains') return { kind, patterns: patterns as DomainPattern[] };
  return { kind, patterns: patterns as RecipientPattern[] };
}

function checkExamples(
  value: unknown,
  condition: Condition | undefined,
  at: (field: string) => string,
  fail: Report,
): RuleSpec['examples'] {
  const none = { match: [], notMatch: [] };
  if (value === undefined) return none;
  if (!isRecord(value)) {
    fail(at('.examples'), `must be a mapping with match and not_match lists, got ${describe(value)}`);
    return none;
  }
  reportUnknownKeys(value, EXAMPLE_FIELDS, (key) => at(`.examples.${key}`), fail);
  if (condition?.kind === 'none') {
    fail(at('.examples'), 'there is nothing to test; examples need a paths, argv, domains or recipients condition');
  }
  const list = (field: 'match' | 'not_match') =>
    value[field] === undefined
      ? []
      : (stringList(value[field], `.examples.${field}`, at, fail, {
          missing: '',
          wrong: 'must be a non-empty list of strings',
        }) ?? []);
  return { match: list('match'), notMatch: list('not_match') };
}

/** A non-empty list of non-empty strings, or `undefined` after reporting what is wrong. */
function stringList(
  value: unknown,
  field: string,
  at: (field: string) => string,
  fail: Report,
  messages: { readonly missing: string; readonly wrong: string },
): string[] | undefined {
  if (value === undefined) {
    fail(at(field), messages.missing);
    return undefined;
  }
  if (!Array.isArray(value) || value.length === 0) {
    fail(at(field), `${messages.wrong}, got ${describe(value)}`);
    return undefined;
  }
  let good = true;
  value.forEach((entry: unknown, position) => {
    if (typeof entry === 'string' && entry !== '') return;
    good = false;
    fail(at(`${field}[${position}]`), `must be a non-empty string, got ${describe(entry)}`);
  });
  return good ? (value as string[]) : undefined;
}
