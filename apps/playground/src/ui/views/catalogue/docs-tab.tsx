import type { ParameterDescription, ToolDescription } from '@wesgine/schema';
import { JsonBlock } from '../../components/json-block.js';

/**
 * The description model (`describeTool`) laid out: the same words `GET /tools/descriptions` and
 * `docs/tools.md` show, with no phrase of the page's own in between.
 */
export function DocsTab({
  docs,
  onUseExample,
}: {
  readonly docs: ToolDescription;
  readonly onUseExample: (args: unknown) => void;
}) {
  const rows = flatten(docs.parameters, 0);
  const marked = rows.filter((row) => row.parameter.mark !== undefined);
  const rest = docs.description.startsWith(docs.summary)
    ? docs.description.slice(docs.summary.length).trim()
    : docs.description;
  return (
    <div className="docs-tab">
      {/* The summary is the description's first sentence: it leads, and the rest follows when there is more. */}
      <p className="docs-summary">{docs.summary}</p>
      {rest === '' ? null : <div className="docs-description">{paragraphs(rest)}</div>}
      {docs.traits.length > 0 || docs.limits.length > 0 ? (
        <dl className="docs-facts">
          {docs.traits.length > 0 ? (
            <div>
              <dt>Declares</dt>
              <dd>
                <ul className="inline-list">
                  {docs.traits.map((trait) => (
                    <li key={trait} className="badge">
                      {trait}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : null}
          {docs.limits.length > 0 ? (
            <div>
              <dt>Limits</dt>
              <dd>
                <ul>
                  {docs.limits.map((limit) => (
                    <li key={limit}>{limit}</li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <h3>Parameters</h3>
      {rows.length === 0 ? (
        <p className="muted">It takes no arguments.</p>
      ) : (
        <div className="table-scroll">
          <table className="params-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ parameter, depth }) => (
                <tr key={parameter.path}>
                  <th scope="row" style={{ paddingLeft: `${8 + depth * 16}px` }}>
                    <code>{depth === 0 ? parameter.name : parameter.path}</code>
                    {parameter.required ? <span className="required">required</span> : null}
                  </th>
                  <td data-label="Type">
                    <code>{parameter.type}</code>
                    {parameter.notes.length > 0 ? <div className="notes">{parameter.notes.join(', ')}</div> : null}
                  </td>
                  <td data-label="Description">{parameter.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {marked.length > 0 ? (
        <>
          <h3>What governance judges</h3>
          <ul>
            {marked.map(({ parameter }) => (
              <li key={parameter.path}>
                <code>{parameter.path}</code>: {parameter.mark}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {docs.result === undefined ? null : (
        <>
          <h3>Result</h3>
          <p>
            <code>{docs.result.type}</code>
            {docs.result.notes.length > 0 ? <span className="muted">, {docs.result.notes.join(', ')}</span> : null}
          </p>
          {docs.result.children.length > 0 ? (
            <ul>
              {flatten(docs.result.children, 0).map(({ parameter }) => (
                <li key={parameter.path}>
                  <code>{parameter.path}</code> <code className="muted">{parameter.type}</code>
                  {parameter.description === '' ? null : ` ${parameter.description}`}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
      <h3>Examples</h3>
      {docs.examples.length === 0 ? (
        <p className="muted">The tool gives no examples.</p>
      ) : (
        <ol className="examples">
          {docs.examples.map((example, index) => (
            // Examples have no id of their own; their order is the author's and does not change.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <li key={index} className="example">
              {example.description === undefined ? null : <p>{example.description}</p>}
              <JsonBlock value={example.args} label={`Example ${index + 1} arguments`} />
              <button type="button" className="small" onClick={() => onUseExample(example.args)}>
                Try example {index + 1}
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

interface Row {
  readonly parameter: ParameterDescription;
  readonly depth: number;
}

/** The parameters and their properties, depth first, in the order the schema lists them. */
function flatten(parameters: readonly ParameterDescription[], depth: number): Row[] {
  return parameters.flatMap((parameter) => [{ parameter, depth }, ...flatten(parameter.children, depth + 1)]);
}

/** The author's description kept as written: its blank lines and line breaks mean something. */
function paragraphs(text: string) {
  return text.split(/\n{2,}/).map((paragraph, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed text.
    <p key={index}>{paragraph}</p>
  ));
}
