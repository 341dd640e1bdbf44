import { ADAPTER_FIELDS, type AdapterField, type AnyAdapter } from './adapter.js';

/** The engine's adapters by field: each must name a known field, and a field may have one adapter. */
export function engineAdapters(given: readonly AnyAdapter[] | undefined): Map<AdapterField, AnyAdapter> {
  const byField = new Map<AdapterField, AnyAdapter>();
  if (given === undefined) return byField;
  if (!Array.isArray(given)) throw new Error('adapters must be a list of adapters, such as [kbAdapter, cronAdapter]');
  for (const adapter of given) {
    const field = (adapter as { field?: unknown } | null)?.field;
    if (typeof field !== 'string' || !(ADAPTER_FIELDS as readonly string[]).includes(field)) {
      throw new Error(
        `an adapter must name the CellSpec field it reads, one of ${ADAPTER_FIELDS.join(', ')}; got ${JSON.stringify(field)}`,
      );
    }
    if (typeof adapter.create !== 'function') throw new Error(`the ${field} adapter has no create() function`);
    const known = byField.get(field as AdapterField);
    if (known !== undefined) {
      throw new Error(
        `two adapters read the field '${field}' (${known.provenance} and ${adapter.provenance}); give one`,
      );
    }
    byField.set(field as AdapterField, Object.freeze(adapter) as AnyAdapter);
  }
  return byField;
}
