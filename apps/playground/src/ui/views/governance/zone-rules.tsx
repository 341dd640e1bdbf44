import { useState } from 'react';
import type { GovernanceView, ZoneRuleView } from '../../api/types.js';

type Zone = NonNullable<GovernanceView['zone']>;

/** The active zone: its rules in the order they apply, each with the examples its policy file checks. */
export function ZoneRules({ zone }: { readonly zone: Zone | null }) {
  if (zone === null) {
    return (
      <p className="gv-muted" data-testid="zone-rules">
        The cell has no zone: every call Hardline and the sandbox let through is allowed.
      </p>
    );
  }
  return (
    <>
      <p className="gv-muted">
        Zone <code>{zone.id}</code>
        {zone.file === undefined ? null : (
          <>
            {' '}
            from <code>{zone.file}</code>
          </>
        )}
        . When no rule matches: exploration <EffectBadge effect={zone.defaults.exploration} />, action{' '}
        <EffectBadge effect={zone.defaults.action} />. The strictest matching rule wins.
      </p>
      {zone.rules.length === 0 ? (
        <p className="gv-muted" data-testid="zone-rules">
          The zone has no rules: its defaults decide every call.
        </p>
      ) : (
        <ol className="gv-rules" data-testid="zone-rules" aria-label="Zone rules">
          {zone.rules.map((rule, index) => (
            // A zone that extends another may reuse a rule id: the place in the chain tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <RuleRow key={`${rule.id}-${index}`} rule={rule} />
          ))}
        </ol>
      )}
      {zone.text === undefined ? null : (
        <details className="gv-policy">
          <summary>The policy file</summary>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block must be reachable by keyboard. */}
          <pre className="json" tabIndex={0}>
            {zone.text}
          </pre>
        </details>
      )}
    </>
  );
}

function RuleRow({ rule }: { readonly rule: ZoneRuleView }) {
  const { match, notMatch } = rule.examples;
  return (
    <li className="gv-rule" data-testid="zone-rule" data-effect={rule.effect}>
      <div className="gv-rule-head">
        <EffectBadge effect={rule.effect} />
        <code className="gv-rule-id">{rule.id}</code>
        <span className="gv-rule-tools">
          {rule.tools.map((tool) => (
            <code key={tool}>{tool}</code>
          ))}
        </span>
      </div>
      <div className="gv-rule-condition">
        {rule.condition.kind === 'none' ? (
          <span className="gv-muted">every target</span>
        ) : (
          <>
            <span className="gv-muted">{rule.condition.kind}</span> <Codes values={rule.condition.patterns} />
          </>
        )}
      </div>
      {rule.reason === undefined ? null : <p className="gv-rule-reason">{rule.reason}</p>}
      {match.length === 0 && notMatch.length === 0 ? null : (
        <div className="gv-examples">
          {match.length === 0 ? null : (
            <p>
              <span className="gv-muted">matches</span> <Codes values={match} />
            </p>
          )}
          {notMatch.length === 0 ? null : (
            <p>
              <span className="gv-muted">does not match</span> <Codes values={notMatch} />
            </p>
          )}
        </div>
      )}
    </li>
  );
}

/** How many patterns or examples a rule shows before "show all": a long list would hide the next rules. */
const SHOWN = 6;

function Codes({ values }: { readonly values: readonly string[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? values : values.slice(0, SHOWN);
  return (
    <>
      {shown.map((value) => (
        <code key={value}>{value}</code>
      ))}
      {values.length <= SHOWN ? null : (
        <button type="button" className="gv-more" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? 'show fewer' : `show all ${values.length}`}
        </button>
      )}
    </>
  );
}

export function EffectBadge({ effect }: { readonly effect: 'allow' | 'ask' | 'deny' }) {
  return <span className={`gv-badge gv-effect-${effect}`}>{effect}</span>;
}
