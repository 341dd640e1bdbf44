import type { Cell } from '../engine/cell.js';
import type { ToolSource } from '../registry/tool-source.js';
import type { CronSpec } from './cron-spec.js';
import type { DesktopSpec } from './desktop-spec.js';
import type { EmailSpec } from './email-spec.js';
import type { HeadlessBrowserSpec } from './headless-browser-spec.js';
import type { KbSpec } from './kb-spec.js';
import type { PlaywrightSpec } from './playwright-spec.js';

/** The `CellSpec` fields that turn an adapter on, each with what it configures. */
export interface AdapterSpecs {
  readonly kb: KbSpec;
  readonly email: EmailSpec;
  readonly cron: CronSpec;
  readonly headlessBrowser: HeadlessBrowserSpec;
  readonly playwright: PlaywrightSpec;
  readonly desktop: DesktopSpec;
}

/** The name of an adapter: the `CellSpec` field that configures it, and the stem of its source id. */
export type AdapterField = keyof AdapterSpecs;

/** Every adapter field, in the order a cell starts its adapters. */
export const ADAPTER_FIELDS: readonly AdapterField[] = Object.freeze([
  'kb',
  'email',
  'cron',
  'headlessBrowser',
  'playwright',
  'desktop',
]);

/**
 * The tools one adapter gives a cell, as a `ToolSource` of kind `adapter` whose id is `adapter:<field>`.
 * Its tools are named `<adapter>.<verb>` and walk the pipeline as every other tool does.
 */
export interface AdapterSource extends ToolSource {
  readonly kind: 'adapter';
  /**
   * Resolves once the source is in working order (a first index built, a display found); rejects with
   * a sentence saying what is wrong. `cell.ready()` waits for it. A source may list no tools until then.
   */
  ready?(): Promise<void>;
}

/**
 * What turns a `CellSpec` field into tools: given to `createEngine({ adapters })`, called once for each
 * cell whose spec sets the field. `create` checks the field and throws an `Error` that says what to
 * change when it is wrong (the cell is then not created); it must not start anything that outlives a
 * throw. Whatever it starts, `close()` of the source it returns stops, and the cell calls that on stop.
 */
export interface Adapter<TField extends AdapterField = AdapterField> {
  readonly field: TField;
  /** `package@version`, for the audit record. */
  readonly provenance: string;
  create(cell: Cell, spec: AdapterSpecs[TField]): AdapterSource;
}

/** Any adapter, whatever its field (the engine's list holds several). */
export type AnyAdapter = { [TField in AdapterField]: Adapter<TField> }[AdapterField];

/** Types an adapter: an identity function, as `defineTool` is. */
export function defineAdapter<const TField extends AdapterField>(adapter: Adapter<TField>): Adapter<TField> {
  return adapter;
}
