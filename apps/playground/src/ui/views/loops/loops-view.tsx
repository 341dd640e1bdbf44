import { useEffect, useState } from 'react';
import { useEvents } from '../../api/events.js';
import { usePlayground } from '../../api/playground-context.js';
import { ApprovalCard } from '../../components/approval-card.js';
import { ErrorNote } from '../../components/error-note.js';
import { keepAuditLog } from '../governance/audit-log.js';
import { clock } from '../governance/audit-stream.js';
import { usePending } from '../governance/use-pending.js';
import { CycleStatePanel } from './cycle-state-panel.js';
import { LOOP_TASK, type LoopState, loopRunner, type RunCycle, useLoopState } from './loop-runner.js';
import { loopVerdicts } from './loop-verdicts.js';
import './loops.css';

const STATUS: Record<LoopState['status'], string> = {
  idle: 'Not run yet.',
  running: 'The agent is working…',
  waiting: 'The agent waits for a person: answer the escalation below.',
  done: 'The agent has answered.',
  failed: 'The run could not be made.',
};

/**
 * The CycleDetector at work: a scripted agent that loops (the same read five times, then the same failing
 * read three times), its verdicts as they come (warn, warn, block, then the escalation asked of a person
 * here), its run's detector state, the page session's own, and the agent's answer.
 */
export function LoopsView() {
  const { api, events } = usePlayground();
  const runner = loopRunner(api, events);
  const state = useLoopState(runner);
  const pending = usePending();
  const verdicts = loopVerdicts(state.runIds, state.snapshots, state.calls, state.escalation);
  const snapshot = state.current === undefined ? undefined : state.snapshots[state.current];
  const escalations = pending.approvals.filter((request) => runner.escalates(request));
  const active = state.status === 'running' || state.status === 'waiting';

  return (
    <section className="lp" aria-labelledby="lp-title">
      <h1 id="lp-title">Loops</h1>
      <p className="lp-intro">
        The <code>looping_agent</code> tool runs a scripted model that loops on purpose. Its helper (a copy of it one
        level down) reads <code>notes/todo.md</code> five times: the CycleDetector warns at the third and fourth read
        and blocks the fifth. The agent then reads <code>notes/missing.md</code>, which is not there, three times: the
        same failure again and again, so you are asked whether it may go on.
      </p>
      <div className="lp-controls">
        <button type="button" className="primary" disabled={active} onClick={() => void runner.start()}>
          Run the looping agent
        </button>
        <output className="lp-status" data-status={state.status} aria-live="polite">
          {STATUS[state.status]}
          {state.sessionId === undefined ? null : (
            <span className="lp-muted">
              {' '}
              Session <code>{state.sessionId}</code>
            </span>
          )}
        </output>
      </div>
      {state.error === undefined ? null : <ErrorNote error={state.error} />}

      {escalations.length === 0 ? null : (
        <section className="lp-escalation" aria-label="The escalation">
          {escalations.map((request) => (
            <ApprovalCard key={request.id} request={request} onAnswered={pending.answered} />
          ))}
        </section>
      )}

      <div className="lp-grid">
        <div>
          <h2>Verdicts</h2>
          {verdicts.length === 0 ? (
            <p className="lp-muted">{state.status === 'idle' ? 'Run the agent to see them.' : 'No verdict yet.'}</p>
          ) : null}
          <ol className="lp-verdicts" data-testid="cycle-verdicts" aria-label="CycleDetector verdicts, oldest first">
            {verdicts.map((verdict, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: verdicts only grow, in order.
                key={index}
                className={`lp-verdict lp-verdict-${verdict.action}`}
                data-testid="cycle-verdict"
                data-action={verdict.action}
              >
                <span className="lp-verdict-action">{verdict.action}</span>
                <span className="lp-verdict-rule">{verdict.rule}</span>
                <code>{verdict.tool}</code>
                <time dateTime={verdict.at}>{clock(verdict.at)}</time>
                {verdict.message === undefined ? null : <p className="lp-verdict-message">{verdict.message}</p>}
              </li>
            ))}
          </ol>
          <h2>The agent&apos;s calls</h2>
          {state.calls.length === 0 ? <p className="lp-muted">None yet.</p> : null}
          <ol className="lp-calls" aria-label="The agent's calls, oldest first">
            {state.calls.map((event) => (
              <li key={event.callId} data-outcome={event.outcome}>
                <span className="lp-run" title={`run ${event.runId}`}>
                  run {state.runIds.indexOf(event.runId) + 1}
                </span>{' '}
                <code>{event.tool}</code>{' '}
                <span className={event.outcome === 'ok' ? 'lp-ok' : 'lp-bad'}>{event.outcome}</span>
                {event.judged === undefined ? null : <span className="lp-muted"> {event.judged.join(' ')}</span>}
              </li>
            ))}
          </ol>
        </div>
        <div>
          <h2>The agent&apos;s CycleDetector</h2>
          {snapshot === undefined ? (
            <p className="lp-muted" data-testid="cycle-state">
              {state.runIds.length === 0 ? 'Shown once the agent makes its first call.' : 'Reading the detector…'}
            </p>
          ) : (
            <>
              <p className="lp-muted">
                Run {state.runIds.indexOf(snapshot.runId) + 1} of {state.runIds.length} heard (
                <code>{snapshot.runId.slice(0, 8)}</code>)
                {state.runIds.length > 1 && state.runIds.indexOf(snapshot.runId) > 0
                  ? ': the agent itself, after its helper'
                  : ''}
                {active ? '' : '; as last read, the run has ended'}
              </p>
              <CycleStatePanel snapshot={snapshot} testId="cycle-state" />
            </>
          )}
          <h2>This page&apos;s session</h2>
          <SessionCycle />
        </div>
      </div>

      <h2>Result</h2>
      {state.result === undefined ? (
        <p className="lp-muted">{active ? 'Waiting for the agent to answer…' : 'No answer yet.'}</p>
      ) : (
        <div data-testid="loop-result" className="lp-result" data-code={resultCode(state)}>
          <span className={state.result.isError ? 'lp-code lp-bad' : 'lp-code lp-ok'}>{resultCode(state)}</span>
          <pre className="lp-text">{state.result.text}</pre>
          {state.result.trace === undefined || state.result.trace.length === 0 ? null : (
            <details className="lp-trace">
              <summary>The walk of the looping_agent call ({state.result.trace.length} steps)</summary>
              <ol>
                {state.result.trace.map((step, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: steps are fixed once the call ended.
                  <li key={index}>
                    <code>{step.step}</code> {step.outcome} · {step.ms.toFixed(1)} ms
                    {step.rule === undefined ? '' : ` · ${step.rule}`}
                    {step.detail === undefined ? '' : ` · ${step.detail}`}
                  </li>
                ))}
              </ol>
            </details>
          )}
        </div>
      )}
      <p className="lp-muted lp-task">
        The task it was given: <q>{LOOP_TASK}</q>
      </p>
    </section>
  );
}

function resultCode(state: LoopState): string | undefined {
  if (state.result === undefined) return undefined;
  return state.result.isError ? (state.result.code ?? 'error') : 'ok';
}

/** The page session's own detector (the calls made from the tool pages), read again after each of its calls. */
function SessionCycle() {
  const { api, events, sessionId } = usePlayground();
  const log = keepAuditLog(events);
  const [snapshot, setSnapshot] = useState<RunCycle | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` reads it again.
  useEffect(() => {
    // A session with no call has no run yet: asking would be a 404, so wait for its first call.
    if (!log.heard(sessionId)) return;
    const stop = new AbortController();
    api.get<RunCycle>(`/sessions/${encodeURIComponent(sessionId)}/cycle`, stop.signal).then(
      ({ body }) => {
        setSnapshot(body);
        setError(undefined);
      },
      (failure: unknown) => {
        if (!stop.signal.aborted) setError(failure);
      },
    );
    return () => stop.abort();
  }, [api, log, sessionId, round]);

  useEvents(events, ['audit'], (_kind, data) => {
    const event = data as { sessionId?: string; agentId?: string };
    if (event.sessionId === sessionId && event.agentId === undefined) setRound((value) => value + 1);
  });

  return (
    <>
      {error === undefined ? null : <ErrorNote error={error} />}
      {snapshot === undefined ? (
        <p className="lp-muted">
          No call from this page yet (session <code>{sessionId}</code>). Calls made from a tool&apos;s Try it tab count
          here.
        </p>
      ) : (
        <CycleStatePanel snapshot={snapshot} testId="session-cycle-state" />
      )}
    </>
  );
}
