import type { AnyToolDefinition } from '../tool/define-tool.js';
import type { LossLog } from './loss-report.js';
import type { PropertyName } from './property-names.js';

/** What one dialect module produces for one tool; `exportTool` turns it into a `DialectExport`. */
export interface DialectBuild {
  readonly declaration: Record<string, unknown>;
  readonly log: LossLog;
  readonly hasStrictMode: boolean;
  readonly strictProblems: readonly string[];
  readonly decode: (args: unknown) => unknown;
  readonly encodeResult?: (data: unknown) => unknown;
  /** The properties the declaration renames; absent when it renames none. */
  readonly propertyNames?: readonly PropertyName[];
}

export type DialectBuilder = (tool: AnyToolDefinition, providerName: string) => DialectBuild;
