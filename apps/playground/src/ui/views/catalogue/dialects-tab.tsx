import { DIALECT_NAMES, type DialectName, type LossReport } from '@wesgine/schema';
import type { CatalogueEntry } from '../../api/types.js';
import { JsonBlock } from '../../components/json-block.js';

const PROVIDERS: Readonly<Record<DialectName, string>> = {
  'openai-strict': 'OpenAI, strict mode',
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  gemini: 'Gemini (OpenAPI subset)',
  'gemini-json': 'Gemini (JSON Schema)',
  mcp: 'MCP',
};

/** Each provider's declaration as it is sent, and what exporting to it lost. */
export function DialectsTab({ entry }: { readonly entry: CatalogueEntry }) {
  const dialects = DIALECT_NAMES.filter((dialect) => entry.dialects[dialect] !== undefined);
  return (
    <div className="dialects-tab">
      <p className="muted">
        What each provider is sent for <code>{entry.name}</code>, and what the export had to change. A lossy change lets
        the provider accept more than the schema does; the runtime still validates every call against the original, so
        nothing bad gets in.
      </p>
      <ul className="dialect-list">
        {dialects.map((dialect) => {
          const exported = entry.dialects[dialect];
          return (
            <li key={dialect} className="dialect" data-testid="dialect" data-dialect={dialect}>
              <div className="dialect-head">
                <h3>
                  {PROVIDERS[dialect]} <code className="muted">{dialect}</code>
                </h3>
                <LossBadges loss={exported.loss} />
              </div>
              {exported.name === entry.name ? null : (
                <p>
                  The provider sees it as <code>{exported.name}</code>; calls to that name come back to{' '}
                  <code>{entry.name}</code>.
                </p>
              )}
              <LossDetails loss={exported.loss} />
              <details>
                <summary>Declaration as sent</summary>
                <JsonBlock value={exported.declaration} label={`${dialect} declaration of ${entry.name}`} />
              </details>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function LossBadges({ loss }: { readonly loss: LossReport }) {
  return (
    <span className="badges">
      <span className={`badge ${loss.lossless ? 'good' : 'warn'}`}>{loss.lossless ? 'lossless' : 'lossy'}</span>
      {loss.hasStrictMode ? (
        <span className={`badge ${loss.strictCapable ? 'good' : 'warn'}`}>
          {loss.strictCapable ? 'strict-capable' : 'not strict-capable'}
        </span>
      ) : (
        <span className="badge">no strict mode</span>
      )}
    </span>
  );
}

function LossDetails({ loss }: { readonly loss: LossReport }) {
  return (
    <>
      {loss.strictProblems.length > 0 ? (
        <div className="loss-part">
          <h4>Why strict mode cannot take it</h4>
          <ul>
            {loss.strictProblems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {loss.warnings.length > 0 ? (
        <div className="loss-part">
          <h4>Warnings</h4>
          <ul>
            {loss.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {loss.entries.length === 0 ? (
        <p className="muted">The schema went over unchanged.</p>
      ) : (
        <div className="table-scroll">
          <table className="loss-table">
            <caption className="visually-hidden">Changes the export made</caption>
            <thead>
              <tr>
                <th scope="col">Where</th>
                <th scope="col">Keyword</th>
                <th scope="col">Change</th>
                <th scope="col">What it means</th>
              </tr>
            </thead>
            <tbody>
              {loss.entries.map((change) => (
                <tr
                  key={`${change.schema ?? ''}${change.pointer}|${change.keyword}|${change.action}|${change.detail}`}
                  className={change.lossy ? 'lossy' : undefined}
                >
                  <td data-label="Where">
                    <code>{change.pointer === '' ? '(root)' : change.pointer}</code>
                    {change.schema === 'result' ? <span className="muted"> (result)</span> : null}
                  </td>
                  <td data-label="Keyword">
                    <code>{change.keyword}</code>
                  </td>
                  <td data-label="Change">
                    {change.action.replace(/-/g, ' ')}
                    {change.lossy ? <span className="badge warn">lossy</span> : null}
                  </td>
                  <td data-label="What it means">{change.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
