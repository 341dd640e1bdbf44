import type { Cell } from '../engine/cell.js';
import { ADAPTER_FIELDS, type AdapterSource } from './adapter.js';

/**
 * Makes a cell's adapter sources from the adapter fields its spec sets. A field without an adapter in
 * the engine, or one whose adapter refuses it, throws: the cell is not created, and the sources made
 * before it are closed.
 */
export function createAdapterSources(cell: Cell): AdapterSource[] {
  const made: AdapterSource[] = [];
  try {
    for (const field of ADAPTER_FIELDS) {
      const spec = cell.spec[field];
      if (spec === undefined) continue;
      const adapter = cell.engine.adapters.get(field);
      if (adapter === undefined) {
        throw new Error(
          `the cell's spec sets '${field}', but the engine has no ${field} adapter: pass it to createEngine({ adapters: [...] })`,
        );
      }
      const source = (adapter.create as (cell: Cell, spec: unknown) => AdapterSource)(cell, spec);
      made.push(source);
      const expected = `adapter:${field}`;
      if (source?.kind !== 'adapter' || source.id !== expected) {
        throw new Error(
          `the ${field} adapter (${adapter.provenance}) made a source that is not '${expected}' of kind 'adapter'`,
        );
      }
    }
  } catch (error) {
    for (const source of made) void Promise.resolve(source?.close?.()).catch(() => {});
    throw error;
  }
  return made;
}

/** Waits for each source's `ready()`; rejects with one error naming each adapter that failed and why. */
export async function adaptersReady(sources: readonly AdapterSource[]): Promise<void> {
  const settled = await Promise.allSettled(sources.map((source) => source.ready?.()));
  const problems: string[] = [];
  settled.forEach((outcome, index) => {
    if (outcome.status === 'rejected') {
      const reason = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
      problems.push(`${sources[index]?.id}: ${reason}`);
    }
  });
  if (problems.length > 0) throw new Error(`an adapter is not ready: ${problems.join('; ')}`);
}
