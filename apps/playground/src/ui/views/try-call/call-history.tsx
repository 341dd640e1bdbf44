import type { EndedCall } from './call-store.js';
import { formatMs } from './call-trace.js';

/**
 * The tool's earlier calls from this page, newest first: what was sent and what came back, so a repeat
 * the CycleDetector warns about can be set beside the calls before it.
 */
export function CallHistory({
  calls,
  onReuse,
}: {
  readonly calls: readonly EndedCall[];
  readonly onReuse: (args: Record<string, unknown>) => void;
}) {
  // The newest is the result shown above; the list is of the ones before it.
  const earlier = calls.slice(1);
  if (earlier.length === 0) return null;
  return (
    <details className="call-history">
      <summary>
        Earlier calls <span className="muted">({earlier.length})</span>
      </summary>
      <ol>
        {earlier.map((call) => {
          const code = call.result.isError ? (call.result.code ?? 'error') : 'ok';
          return (
            <li key={call.id} className="history-item">
              <div className="history-line">
                <time dateTime={call.at.toISOString()}>{call.at.toLocaleTimeString('en-GB')}</time>
                <code className={`badge ${call.result.isError ? 'bad' : 'good'}`}>{code}</code>
                <span className="muted">{formatMs(call.ms)}</span>
                <button type="button" className="small" onClick={() => onReuse(call.args)}>
                  Use these arguments
                </button>
              </div>
              <code className="history-args">{JSON.stringify(call.args)}</code>
              <p className="history-text">{firstLine(call.result.text)}</p>
            </li>
          );
        })}
      </ol>
    </details>
  );
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 160 ? `${line.slice(0, 160)}…` : line;
}
