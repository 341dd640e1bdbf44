import type { DialectName } from './dialect-name.js';

/** One change an exporter made to a schema so the provider accepts it. */
export interface LossEntry {
  /**
   * JSON pointer to the schema node, in the layout sent to the provider (`$ref`s already inlined,
   * property names as the provider sees them; `DialectExport.propertyNames` maps them back).
   */
  readonly pointer: string;
  readonly keyword: string;
  readonly action: 'dropped' | 'moved-to-description' | 'rewritten';
  readonly detail: string;
  /**
   * The provider now accepts something the original schema does not (or the model is told less).
   * The runtime still validates against the original schema, so a lossy change never lets a bad call in.
   */
  readonly lossy: boolean;
  /** Present for changes to the result schema (MCP `outputSchema`); absent for `parameters`. */
  readonly schema?: 'result';
}

/** What an export lost, and whether the provider's strict mode could take the tool. */
export interface LossReport {
  readonly dialect: DialectName;
  /** The tool's own (canonical) name. */
  readonly tool: string;
  /** The name the provider sees; map it back to `tool` when a call comes in. */
  readonly providerName: string;
  /** No entry is lossy. */
  readonly lossless: boolean;
  /** The provider has a strict mode and this report judged it (`STRICT_MODE_DIALECTS`). */
  readonly hasStrictMode: boolean;
  /** The provider's strict mode takes this tool. Always false when the provider has no strict mode. */
  readonly strictCapable: boolean;
  /** Why strict mode cannot take the tool; empty when it can or when there is no strict mode. */
  readonly strictProblems: readonly string[];
  /** Things the provider is known to reject or mishandle that the exporter could not fix. */
  readonly warnings: readonly string[];
  readonly entries: readonly LossEntry[];
}

/** Collects entries and warnings while a dialect walks a schema; repeated identical entries are kept once. */
export interface LossLog {
  add(entry: LossEntry): void;
  warn(text: string): void;
  readonly entries: readonly LossEntry[];
  readonly warnings: readonly string[];
}

export function createLossLog(): LossLog {
  const entries: LossEntry[] = [];
  const warnings: string[] = [];
  const seen = new Set<string>();
  return {
    entries,
    warnings,
    add(entry) {
      const key = JSON.stringify([entry.pointer, entry.keyword, entry.action, entry.detail, entry.schema]);
      if (seen.has(key)) return;
      seen.add(key);
      entries.push(entry);
    },
    warn(text) {
      if (!warnings.includes(text)) warnings.push(text);
    },
  };
}

/** A log that forgets everything: for analyses whose entries belong to another dialect. */
export function createSilentLog(): LossLog {
  return { entries: [], warnings: [], add() {}, warn() {} };
}
