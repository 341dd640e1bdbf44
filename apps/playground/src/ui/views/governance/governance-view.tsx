import { usePlayground } from '../../api/playground-context.js';
import type { GovernanceView as Governance } from '../../api/types.js';
import { ApprovalCard } from '../../components/approval-card.js';
import { ErrorNote } from '../../components/error-note.js';
import { useAnswer } from '../../components/use-answer.js';
import { useAuditEvents } from './audit-log.js';
import { AuditStream } from './audit-stream.js';
import { QuestionCard } from './question-card.js';
import { usePending } from './use-pending.js';
import { ZoneRules } from './zone-rules.js';
import './governance.css';

/**
 * What decides the cell's calls and what it decided: the OS sandbox, the zone's rules, the roots and
 * Hardline's paths; then what waits for a person now, and the audit stream, live.
 */
export function GovernanceView() {
  const { events } = usePlayground();
  const governance = useAnswer<Governance>('/governance');
  const pending = usePending();
  const audit = useAuditEvents(events);
  const view = governance.data;

  return (
    <section className="gv" aria-labelledby="gv-title">
      <h1 id="gv-title">Governance</h1>
      {governance.error === undefined ? null : <ErrorNote error={governance.error} />}
      {view === undefined ? (
        governance.loading ? (
          <p className="gv-muted">Loading the cell&apos;s governance…</p>
        ) : null
      ) : (
        <div className="gv-summary">
          <div className="gv-fact">
            {/* Only the label and the mode: the detail is the runtime's sentence and may say anything. */}
            <span data-testid="sandbox-status" data-mode={view.sandbox.mode}>
              <span className="gv-fact-label">OS sandbox</span>{' '}
              <span className={view.sandbox.mode === 'on' ? 'gv-badge gv-ok' : 'gv-badge gv-bad'}>
                {view.sandbox.mode}
              </span>
            </span>
            <span className="gv-fact-detail" data-testid="sandbox-detail">
              {view.sandbox.detail}
            </span>
          </div>
          <div className="gv-fact">
            <span className="gv-fact-label">Approvals</span>
            <span className={view.approvals ? 'gv-badge gv-ok' : 'gv-badge'}>{view.approvals ? 'on' : 'off'}</span>
            <span className="gv-fact-detail">
              {view.approvals
                ? 'calls a rule asks about wait here for a person'
                : 'a call a rule asks about is refused: nobody is asked'}
            </span>
          </div>
          <div className="gv-fact">
            <span className="gv-fact-label">Zone</span>
            <code>{view.zone?.id ?? 'none'}</code>
            <span className="gv-fact-detail">{view.zone === null ? 'no zone' : `${view.zone.rules.length} rules`}</span>
          </div>
        </div>
      )}

      <h2 id="gv-pending">Waiting for a person</h2>
      <section data-testid="approvals" aria-labelledby="gv-pending">
        {pending.error === undefined ? null : <ErrorNote error={pending.error} />}
        {pending.loaded && pending.approvals.length === 0 && pending.questions.length === 0 ? (
          <p className="gv-muted">Nothing is waiting. A call a rule asks about shows here while it waits.</p>
        ) : null}
        {pending.approvals.map((request) => (
          <ApprovalCard key={request.id} request={request} onAnswered={pending.answered} />
        ))}
        {pending.questions.map((request) => (
          <QuestionCard key={request.id} request={request} onAnswered={pending.answered} />
        ))}
      </section>

      {view === undefined ? null : (
        <>
          <h2>Zone rules</h2>
          <ZoneRules zone={view.zone} />
          <div className="gv-columns">
            <div>
              <h2>Roots</h2>
              <dl className="gv-roots">
                <dt>Workspace</dt>
                <dd>
                  <code>{view.roots.workDir}</code>
                </dd>
                <dt>Also allowed</dt>
                <dd>
                  <PathList paths={view.roots.allowPaths} none="nothing else" />
                </dd>
                <dt>Denied</dt>
                <dd>
                  <PathList paths={view.roots.denyPaths} none="nothing inside the roots" />
                </dd>
              </dl>
            </div>
            <div>
              <h2>Hardline</h2>
              <p className="gv-muted">
                Protected whatever the zone says ({view.hardline.protectedPaths.length} paths):
              </p>
              <div className="gv-hardline">
                <PathList paths={view.hardline.protectedPaths} none="no paths" />
              </div>
            </div>
          </div>
        </>
      )}

      <h2>Audit</h2>
      <AuditStream events={audit} />
    </section>
  );
}

function PathList({ paths, none }: { readonly paths: readonly string[]; readonly none: string }) {
  if (paths.length === 0) return <span className="gv-muted">{none}</span>;
  return (
    <ul className="gv-paths">
      {paths.map((path) => (
        <li key={path}>
          <code>{path}</code>
        </li>
      ))}
    </ul>
  );
}
