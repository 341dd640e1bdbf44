import type { ToolProgress } from '@wesgine/schema';
import { useEffect, useState } from 'react';
import { ErrorNote } from '../../components/error-note.js';
import type { CallState } from './call-store.js';

/** A call that has not ended: its live progress, or the person it waits for, and how long it has been. */
export function CallStatus({ state, onForget }: { readonly state: CallState; readonly onForget: () => void }) {
  if (state.phase === 'failed') {
    return (
      <div className="call-failed">
        <ErrorNote error={state.error} />
      </div>
    );
  }
  if (state.phase !== 'running' && state.phase !== 'waiting') return null;
  return (
    <section className="call-status" aria-label="The call so far">
      {state.phase === 'waiting' ? <Waiting pending={state.pending} /> : null}
      {state.phase === 'running' || state.progress !== undefined ? <Progress progress={state.progress} /> : null}
      <p className="status-line muted">
        <Elapsed since={state.startedAt} />{' '}
        <button type="button" className="small" onClick={onForget}>
          Stop waiting
        </button>
      </p>
    </section>
  );
}

function Waiting({ pending }: { readonly pending: Extract<CallState, { phase: 'waiting' }>['pending'] }) {
  const approval = 'approval' in pending ? pending.approval : undefined;
  return (
    <div className="call-waiting" data-testid="call-waiting" role="status">
      <p className="waiting-title">
        <strong>{approval === undefined ? 'Waiting for an answer' : 'Waiting for approval'}</strong>
      </p>
      {approval === undefined ? (
        <p>The tool asked a question only a person can answer.</p>
      ) : (
        <p className="waiting-question">{approval.question}</p>
      )}
      <p>
        <a href="#/governance">Answer in Governance</a>{' '}
        <span className="muted">— this page follows the call meanwhile and shows its result when it ends.</span>
      </p>
    </div>
  );
}

function Progress({ progress }: { readonly progress: ToolProgress | undefined }) {
  const total = progress?.total;
  const known = progress !== undefined && total !== undefined && total > 0;
  return (
    <div className="call-progress">
      {known ? (
        <progress
          aria-label="Progress"
          max={total}
          value={Math.min(progress.progress, total)}
          {...(progress.message === undefined ? {} : { 'aria-valuetext': progress.message })}
        />
      ) : (
        <progress
          aria-label="Progress"
          {...(progress?.message === undefined ? {} : { 'aria-valuetext': progress.message })}
        />
      )}
      <span className="progress-text" aria-live="polite">
        {progress === undefined
          ? 'Running…'
          : `${known ? `${progress.progress} of ${total}` : `${progress.progress}`}${progress.message === undefined ? '' : ` · ${progress.message}`}`}
      </span>
    </div>
  );
}

function Elapsed({ since }: { readonly since: number }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return <span>{((now - since) / 1000).toFixed(1)} s so far.</span>;
}
