import { useId, useMemo, useState } from 'react';
import type { AuditEvent } from '../../api/types.js';
import { ANY, matchesAudit, NOT_OK } from './audit-filter.js';

/**
 * The audit events the page has heard, newest first, filtered by a text (tool, alias, rule, agent,
 * session, judged target), the outcome (ok, any refusal, one code) and the deciding stage.
 */
export function AuditStream({ events }: { readonly events: readonly AuditEvent[] }) {
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState(ANY);
  const [stage, setStage] = useState(ANY);
  const outcomeId = useId();
  const stageId = useId();

  const outcomes = useMemo(
    () => distinct(events.map((event) => event.outcome).filter((code) => code !== 'ok')),
    [events],
  );
  const stages = useMemo(
    () => distinct(events.flatMap((event) => (event.stage === undefined ? [] : [event.stage]))),
    [events],
  );
  const shown = useMemo(
    () => events.filter((event) => matchesAudit(event, { text, outcome, stage })),
    [events, text, outcome, stage],
  );

  return (
    <>
      <div className="gv-filters">
        <input
          type="search"
          aria-label="Filter audit"
          placeholder="Filter by tool, rule, path…"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <span className="gv-filter">
          <label htmlFor={outcomeId}>Outcome</label>
          <select id={outcomeId} value={outcome} onChange={(event) => setOutcome(event.target.value)}>
            <option value={ANY}>All</option>
            <option value="ok">ok</option>
            <option value={NOT_OK}>not ok</option>
            {outcomes.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </span>
        <span className="gv-filter">
          <label htmlFor={stageId}>Stage</label>
          <select id={stageId} value={stage} onChange={(event) => setStage(event.target.value)}>
            <option value={ANY}>All</option>
            {stages.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </span>
        <output className="gv-muted" aria-live="polite">
          {shown.length === events.length ? `${events.length} events` : `${shown.length} of ${events.length} events`}
        </output>
      </div>
      {events.length === 0 ? (
        <p className="gv-muted">
          No call yet since the page opened. Calls from any client of this cell show here as they end.
        </p>
      ) : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard. */}
      <ol className="gv-audit" data-testid="audit-stream" aria-label="Audit events, newest first" tabIndex={0}>
        {shown.map((event) => (
          <AuditRow key={`${event.callId}-${event.at}`} event={event} />
        ))}
      </ol>
    </>
  );
}

function AuditRow({ event }: { readonly event: AuditEvent }) {
  const ok = event.outcome === 'ok';
  return (
    <li className="gv-audit-row" data-testid="audit-row" data-outcome={event.outcome} data-stage={event.stage}>
      <time dateTime={event.at}>{clock(event.at)}</time>
      <code className="gv-audit-tool">
        {event.tool}
        {event.calledAs === undefined ? '' : ` (as ${event.calledAs})`}
      </code>
      <span className={ok ? 'gv-badge gv-ok' : 'gv-badge gv-bad'}>{event.outcome}</span>
      {event.stage === undefined ? null : (
        <span className="gv-audit-stage">
          {event.stage}
          {event.rule === undefined ? '' : ` · ${event.rule}`}
        </span>
      )}
      {event.cycle === undefined ? null : (
        <span className={`gv-badge gv-cycle-${event.cycle.action}`}>
          cycle {event.cycle.action} · {event.cycle.rule}
        </span>
      )}
      {event.approval === undefined ? null : <span className="gv-badge">approved {event.approval}</span>}
      {event.sandbox === undefined ? null : <span className="gv-badge gv-bad">sandbox off</span>}
      <span className="gv-audit-who">
        {event.agentId === undefined ? '' : `agent ${event.agentId} · `}
        {event.sessionId === undefined ? 'no session' : event.sessionId}
        {(event.sourceId ?? event.source) === undefined ? '' : ` · ${event.sourceId ?? event.source}`}
      </span>
      <span className="gv-audit-ms">{Math.round(event.durationMs)} ms</span>
      {event.judged === undefined || event.judged.length === 0 ? null : (
        <span className="gv-audit-judged">
          {event.judged.map((target) => (
            <code key={target}>{target}</code>
          ))}
        </span>
      )}
    </li>
  );
}

function distinct(values: readonly string[]): string[] {
  return [...new Set(values)].sort();
}

/** The time of day an event came, in the person's own clock. */
export function clock(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : date.toLocaleTimeString([], { hour12: false });
}
