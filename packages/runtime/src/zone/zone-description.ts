import type { Effect } from './effect.js';
import type { RuleSpec } from './rule-spec.js';
import type { Category } from './zone-defaults.js';

/** One rule of a zone's chain, as a person reads it: its patterns as the policy wrote them. */
export interface ZoneRuleDescription {
  readonly id: string;
  /** The id of the zone the rule is written in (a parent's, in a chain). */
  readonly zone: string;
  readonly effect: Effect;
  readonly tools: readonly string[];
  /**
   * What it looks at: the `paths` globs, `domains` or `recipients` as written; for `argv`, one command prefix
   * (`git push`; alternatives of one place as `(git|hg)`). `none` covers every target of its tools.
   */
  readonly condition: {
    readonly kind: 'none' | 'paths' | 'argv' | 'domains' | 'recipients';
    readonly patterns: readonly string[];
  };
  readonly reason: string | undefined;
  /** The examples the policy gives, each checked when the zone loaded. */
  readonly examples: { readonly match: readonly string[]; readonly notMatch: readonly string[] };
}

/** What a zone is, for a person to look at (the playground's governance view): `Zone.describe()`. */
export interface ZoneDescription {
  readonly id: string;
  /** The policy file the zone was loaded from, and its text as read; none for a policy given as an object. */
  readonly file: string | undefined;
  readonly text: string | undefined;
  /** Every rule of the chain, parents first, then file order: the order ties are broken in. */
  readonly rules: readonly ZoneRuleDescription[];
  /** The effect per category when no rule covers a target. */
  readonly defaults: Readonly<Record<Category, Effect>>;
}

/** A compiled rule as `describe()` shows it. */
export function describeRule(spec: RuleSpec, zone: string): ZoneRuleDescription {
  return {
    id: spec.id,
    zone,
    effect: spec.effect,
    tools: spec.tools.written,
    condition: conditionText(spec.condition),
    reason: spec.reason,
    examples: { match: spec.examples.match, notMatch: spec.examples.notMatch },
  };
}

function conditionText(condition: RuleSpec['condition']): ZoneRuleDescription['condition'] {
  switch (condition.kind) {
    case 'none':
      return { kind: 'none', patterns: [] };
    case 'paths':
    case 'domains':
    case 'recipients':
      return { kind: condition.kind, patterns: condition.patterns.map((pattern) => pattern.text) };
    case 'argv': {
      const words = condition.pattern.elements.map((tokens) =>
        tokens.length === 1 ? token(tokens[0] as string) : `(${tokens.map(token).join('|')})`,
      );
      return { kind: 'argv', patterns: [words.join(' ')] };
    }
  }
}

/** A token as it reads in a command line: quoted when it holds a space or a quote. */
function token(text: string): string {
  return /[\s"'|()]/.test(text) ? JSON.stringify(text) : text;
}
