import { useId, useState } from 'react';
import { usePlayground } from '../api/playground-context.js';
import type { ApprovalRequest } from '../api/types.js';
import { ErrorNote } from './error-note.js';
import '../views/governance/approval-card.css';

type Decision = { decision: 'approve'; scope: 'once' | 'session' } | { decision: 'deny'; reason?: string };

/**
 * One call waiting for a person's yes or no (`POST /approvals/:id`): what it wants to do and who asked,
 * then approve it once, for the rest of its session (the same call, same rule), or deny it with a reason
 * the model reads. Shared by Governance and Loops (the CycleDetector's escalation is asked the same way).
 */
export function ApprovalCard({
  request,
  onAnswered,
}: {
  readonly request: ApprovalRequest;
  readonly onAnswered: (id: string) => void;
}) {
  const { api } = usePlayground();
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState<Decision['decision'] | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const titleId = useId();
  const reasonId = useId();

  const send = async (decision: Decision) => {
    setSending(decision.decision);
    setError(undefined);
    try {
      await api.post(`/approvals/${encodeURIComponent(request.id)}`, decision);
      onAnswered(request.id);
    } catch (failure) {
      setError(failure);
      setSending(undefined);
    }
  };

  const deny = () => {
    const given = reason.trim();
    void send(given === '' ? { decision: 'deny' } : { decision: 'deny', reason: given });
  };

  const escalation = request.stage === 'cycle';
  return (
    <article
      className={escalation ? 'ap-card ap-escalation' : 'ap-card'}
      data-testid="approval"
      data-stage={request.stage}
      aria-labelledby={titleId}
    >
      <header className="ap-head">
        <h3 id={titleId}>
          <code>{request.tool}</code> {escalation ? 'keeps failing: go on?' : 'waits for approval'}
        </h3>
        <span className="ap-origin">
          {request.stage}
          {request.rule === undefined ? '' : ` · ${request.rule}`}
          {request.agentId === undefined ? '' : ` · agent ${request.agentId}`}
          {request.sessionId === undefined ? '' : ` · session ${request.sessionId}`}
        </span>
      </header>
      <p className="ap-question">{request.question}</p>
      <details className="ap-args">
        <summary>Arguments</summary>
        <pre className="json">{JSON.stringify(request.args, null, 2)}</pre>
      </details>
      <div className="ap-actions">
        <button
          type="button"
          className="primary"
          disabled={sending !== undefined}
          onClick={() => void send({ decision: 'approve', scope: 'once' })}
        >
          Approve once
        </button>
        <button
          type="button"
          disabled={sending !== undefined}
          onClick={() => void send({ decision: 'approve', scope: 'session' })}
        >
          Approve for the session
        </button>
        <span className="ap-deny">
          <label htmlFor={reasonId}>Reason</label>
          <input
            id={reasonId}
            type="text"
            value={reason}
            placeholder="what the model is told (optional)"
            disabled={sending !== undefined}
            onChange={(event) => setReason(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                deny();
              }
            }}
          />
          <button type="button" className="ap-deny-button" disabled={sending !== undefined} onClick={deny}>
            Deny
          </button>
        </span>
      </div>
      {sending === undefined ? null : (
        <p className="ap-sending" role="status">
          {sending === 'approve' ? 'Approving…' : 'Denying…'}
        </p>
      )}
      {error === undefined ? null : <ErrorNote error={error} />}
    </article>
  );
}
