import type { CatalogueEntry } from '../../api/types.js';
import { JsonBlock } from '../../components/json-block.js';
import { CopyButton } from './copy-button.js';

/** The tool in our own form: draft 2020-12, the `x-wesgine-*` marks governance reads kept. */
export function SchemaTab({ entry }: { readonly entry: CatalogueEntry }) {
  const { parameters, result } = entry.schema;
  return (
    <div className="schema-tab">
      <p className="muted">
        The JSON Schema <code>GET /tools</code> serves for <code>{entry.name}</code>. The runtime validates every call
        against it, whichever dialect the call came in; the <code>x-wesgine-*</code> keywords mark what governance reads
        as paths, commands and URLs.
      </p>
      <div className="block-head">
        <h3>Parameters</h3>
        <CopyButton text={JSON.stringify(parameters, null, 2)} what="the parameters schema" />
      </div>
      <JsonBlock value={parameters} label={`Parameters schema of ${entry.name}`} />
      {result === undefined ? (
        <p className="muted">It declares no result schema: its result is the text and data it answers.</p>
      ) : (
        <>
          <div className="block-head">
            <h3>Result</h3>
            <CopyButton text={JSON.stringify(result, null, 2)} what="the result schema" />
          </div>
          <JsonBlock value={result} label={`Result schema of ${entry.name}`} />
        </>
      )}
    </div>
  );
}
