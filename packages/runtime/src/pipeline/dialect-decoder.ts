import { type AnyToolDefinition, type DialectName, exportTool } from '@wesgine/schema';

type Decode = (args: unknown) => unknown;

// A decoder depends on the definition and the dialect only (not on the provider name, nor on the other
// tools), and building one exports the whole schema: kept per definition object, so a definition that is
// replaced (registered again) gets a fresh one and an unregistered one is let go.
const decoders = new WeakMap<AnyToolDefinition, Map<DialectName, Decode | Error>>();

/**
 * The decoder that turns `dialect`'s arguments for `definition` back into its own shape, or the
 * reason there is none: a schema the dialect cannot take (a `$ref` that resolves nowhere, a type JSON has
 * not got) was never in a listing of that dialect, so no arguments can have come in it. Registration
 * refuses such schemas today; this keeps a call from throwing should an exporter refuse more.
 */
export function dialectDecoder(definition: AnyToolDefinition, dialect: DialectName): Decode | Error {
  let byDialect = decoders.get(definition);
  if (byDialect === undefined) {
    byDialect = new Map();
    decoders.set(definition, byDialect);
  }
  let decoder = byDialect.get(dialect);
  if (decoder === undefined) {
    try {
      const exported = exportTool(definition, dialect);
      decoder = (args) => exported.decode(args);
    } catch (thrown) {
      decoder = thrown instanceof Error ? thrown : new Error(String(thrown));
    }
    byDialect.set(dialect, decoder);
  }
  return decoder;
}
