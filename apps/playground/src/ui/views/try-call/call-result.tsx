import type { TracedResult } from '../../api/types.js';
import { JsonBlock } from '../../components/json-block.js';
import { formatMs } from './call-trace.js';

/** The result as the model reads it: its text exactly, the code it acts on, and the data for programs. */
export function CallResult({
  result,
  ms,
  waited,
}: {
  readonly result: TracedResult;
  readonly ms: number;
  readonly waited: boolean;
}) {
  const code = result.isError ? (result.code ?? 'error') : 'ok';
  return (
    <section
      className={`call-result ${result.isError ? 'is-error' : 'is-ok'}`}
      data-testid="call-result"
      aria-labelledby="result-title"
    >
      <div className="result-head">
        <h3 id="result-title">Result</h3>
        <code className={`badge code ${result.isError ? 'bad' : 'good'}`} data-testid="result-code">
          {code}
        </code>
        <span className="muted">
          {formatMs(ms)} from the page{waited ? ', a person’s answer included' : ''}
        </span>
      </div>
      {result.escalated === true ? (
        <p className="escalated" role="alert">
          The CycleDetector escalated after this call: the same failure again and again. An agent loop stops here unless
          a person lets it go on.
        </p>
      ) : null}
      <p className="muted result-caption">What the model reads:</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block must be reachable by keyboard. */}
      <pre className="result-text" data-testid="result-text" tabIndex={0}>
        {result.text}
      </pre>
      {result.spilledTo === undefined ? null : (
        <p className="muted">
          Longer than its output budget: the full text went to <code>{result.spilledTo}</code>.
        </p>
      )}
      {result.data === undefined ? null : (
        <details className="result-data">
          <summary>Data for programs</summary>
          <JsonBlock value={result.data} label="Result data" />
        </details>
      )}
    </section>
  );
}
