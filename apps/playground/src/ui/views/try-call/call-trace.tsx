import type { CallStep } from '../../api/types.js';

/** What each step of the walk does, in a few words, for a person reading the trace for the first time. */
const STEP_MEANING: Readonly<Record<CallStep['step'], string>> = {
  resolve: 'find the tool, check the whitelist',
  decode: "read the provider's arguments",
  validate: 'check the arguments against the schema',
  govern: 'Hardline, then the Sandbox, then the Zone',
  cycle: 'the CycleDetector, before the call',
  approval: 'a person is asked',
  context: "build the handler's context",
  handle: 'run the handler',
  shape: 'fit the output to its budget',
  escalate: 'the CycleDetector, after the call',
  record: 'write the audit event',
};

/** `0.042 ms`, `3.1 ms`, `1,250 ms`: enough digits to compare steps, no more. */
export function formatMs(ms: number): string {
  if (ms < 0.1) return `${ms.toFixed(3)} ms`;
  if (ms < 10) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${ms.toFixed(1)} ms`;
  return `${Math.round(ms).toLocaleString('en')} ms`;
}

/** The walk of one call through the pipeline: each step, what decided, on what, and how long it took. */
export function CallTrace({ trace }: { readonly trace: readonly CallStep[] | undefined }) {
  if (trace === undefined) {
    return (
      <section className="call-trace" aria-labelledby="trace-title">
        <h3 id="trace-title">Trace</h3>
        <p className="muted">The runtime sent no trace with this result.</p>
      </section>
    );
  }
  const total = trace.reduce((sum, step) => sum + step.ms, 0);
  return (
    <section className="call-trace" aria-labelledby="trace-title">
      <h3 id="trace-title">
        Trace{' '}
        <span className="muted">
          · {trace.length} steps, {formatMs(total)} in the pipeline
        </span>
      </h3>
      <ol className="trace-steps" data-testid="call-trace">
        {trace.map((step, index) => (
          <li
            // Steps have no id; the order is the walk's and a trace never changes once shown.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            key={index}
            className={`trace-step outcome-${step.outcome}`}
            data-testid="trace-step"
            data-step={step.step}
            data-outcome={step.outcome}
          >
            <div className="step-line">
              <span className="step-name">
                <strong>{step.step}</strong> <span className="muted">{STEP_MEANING[step.step]}</span>
              </span>
              <span className={`badge outcome ${step.outcome}`}>{step.outcome}</span>
              <span className="step-ms">{formatMs(step.ms)}</span>
            </div>
            {step.decidedBy !== undefined || step.rule !== undefined || step.code !== undefined ? (
              <dl className="step-facts">
                {step.decidedBy === undefined ? null : (
                  <div>
                    <dt>decided by</dt>
                    <dd>{step.decidedBy}</dd>
                  </div>
                )}
                {step.rule === undefined ? null : (
                  <div>
                    <dt>rule</dt>
                    <dd>
                      <code>{step.rule}</code>
                    </dd>
                  </div>
                )}
                {step.code === undefined ? null : (
                  <div>
                    <dt>code</dt>
                    <dd>
                      <code>{step.code}</code>
                    </dd>
                  </div>
                )}
              </dl>
            ) : null}
            {step.detail === undefined ? null : <p className="step-detail">{step.detail}</p>}
            {step.judged === undefined || step.judged.length === 0 ? null : (
              <div className="step-judged">
                <span className="muted">judged</span>
                <ul>
                  {step.judged.map((target) => (
                    <li key={target}>
                      <code>{target}</code>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
