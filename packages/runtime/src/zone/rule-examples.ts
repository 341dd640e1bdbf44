import { posix } from 'node:path';
import { parseRecipient } from '../governance/recipient-address.js';
import { analyzeCommand } from '../governance/shell/analyze-command.js';
import type { Report } from './check-fields.js';
import type { PathAnchors } from './path-pattern.js';
import {
  type RuleSpec,
  ruleMatchesCommand,
  ruleMatchesHost,
  ruleMatchesPath,
  ruleMatchesRecipient,
} from './rule-spec.js';

/** The made-up folders path examples are resolved in; the files need not exist. */
const EXAMPLE_ANCHORS: PathAnchors = { workDir: '/zone-examples/work', home: '/zone-examples/home' };

/**
 * Runs a rule's `examples` against the rule alone (its condition, not its tools) and reports each that
 * comes out the other way.
 */
export function checkRuleExamples(rule: RuleSpec, report: Report): void {
  const lists = [
    ['match', rule.examples.match, true],
    ['not_match', rule.examples.notMatch, false],
  ] as const;
  for (const [field, examples, expected] of lists) {
    examples.forEach((example, index) => {
      const where = `rules[${rule.index}].examples.${field}[${index}] (rule ${rule.id})`;
      if (rule.condition.kind === 'recipients') {
        const problem = parseRecipient(example);
        if (typeof problem === 'string') {
          report(where, `${JSON.stringify(example)} is not a mail address to test the rule on: ${problem}`);
          return;
        }
      }
      if (exampleMatches(rule, example) === expected) return;
      const outcome = expected ? 'the rule does not match it' : 'the rule matches it';
      report(where, `${JSON.stringify(example)} is listed under ${field}, but ${outcome}`);
    });
  }
}

/**
 * Whether the rule decides `example`. Paths are relative to a made-up WorkDir (`~/` for home), with the
 * lexical and real forms the same; hosts are host names; recipients are mail addresses, read as a
 * call's are (`Bob <bob@example.org>` is `bob@example.org`). A command line is read as the Sandbox reads it:
 * an allow rule matches only a line the Sandbox allows and whose every sub-command it matches (what it
 * takes to allow the call); a deny or ask rule matches a line when it matches any sub-command (what it
 * takes to refuse or hold the call).
 */
function exampleMatches(rule: RuleSpec, example: string): boolean {
  const { condition, effect } = rule;
  switch (condition.kind) {
    case 'paths': {
      const path = example.startsWith('~/')
        ? posix.join(EXAMPLE_ANCHORS.home, example.slice(2))
        : posix.resolve(EXAMPLE_ANCHORS.workDir, example);
      const forms = { lexical: path, real: path };
      return ruleMatchesPath(condition.patterns, effect, forms, EXAMPLE_ANCHORS, EXAMPLE_ANCHORS);
    }
    case 'domains':
      return ruleMatchesHost(condition.patterns, example);
    case 'recipients': {
      const parsed = parseRecipient(example);
      return typeof parsed !== 'string' && ruleMatchesRecipient(condition.patterns, parsed.address);
    }
    case 'argv': {
      const { commands, verdict } = analyzeCommand(example);
      const matches = (command: { readonly argv: readonly string[] }) =>
        ruleMatchesCommand(condition.pattern, effect, command.argv);
      if (effect !== 'allow') return commands.some(matches);
      return verdict.effect === 'allow' && commands.length > 0 && commands.every(matches);
    }
    case 'none':
      return false;
  }
}
