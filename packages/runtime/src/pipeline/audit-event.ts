import type { DialectName } from '@wesgine/schema';
import type { CycleRule } from '../cycle/cycle-detector.js';
import type { ToolSourceKind } from '../registry/registered-tool.js';

/** One record per call: who called what, from which source, what was decided and by which stage. */
export interface AuditEvent {
  readonly at: string;
  readonly cellId: string;
  readonly runId: string;
  readonly sessionId: string | undefined;
  readonly agentId: string | undefined;
  readonly actor: string | undefined;
  /** What started the run when no person did: `{ kind: 'cron', id: '<job id>' }` for a scheduled job. */
  readonly origin?: { readonly kind: string; readonly id: string };
  /** The call's id: its progress and log events (`cell.onEvent`) carry the same one. */
  readonly callId: string;
  /** The tool's own name, also when the call used an alias. */
  readonly tool: string;
  /** The alias the call used (`search_files` for `grep`), when it was not the tool's own name. */
  readonly calledAs?: string;
  /** The provider dialect the call's arguments came in and were decoded from, when the call named one. */
  readonly dialect?: DialectName;
  readonly source: ToolSourceKind | undefined;
  readonly provenance: string | undefined;
  /** The id of the `ToolSource` the tool came from (`mcp:fs`, `plugin:lint`), when it came from one. */
  readonly sourceId?: string;
  /** `ok` when the handler ran and succeeded; otherwise the error code. */
  readonly outcome: string;
  /**
   * The stage that decided a refusal (`resolve`, `validate`, `cycle`, `hardline`, `sandbox`, `zone`,
   * `approval`, `handle`).
   */
  readonly stage: string | undefined;
  readonly rule: string | undefined;
  /** The canonical forms governance judged (`path:<real>`, `argv:<json>`, `host:<name>`). */
  readonly judged?: readonly string[];
  /** What the CycleDetector said of the call when it said more than `ok` (a block is also `stage: 'cycle'`). */
  readonly cycle?: { readonly action: 'warn' | 'block' | 'escalate'; readonly rule: CycleRule };
  /** How a call that needed a person's approval got it. */
  readonly approval?: 'once' | 'session' | 'sticky';
  /**
   * Present, as `off`, on every event of a cell whose OS sandbox was turned off, and on every event of a
   * tool whose source runs outside the OS sandbox (an MCP server or plugin started with `sandbox: false`).
   */
  readonly sandbox?: 'off';
  readonly durationMs: number;
}
