import type { ToolCategory } from '@wesgine/schema';
import type { HumanChannel } from '../approval/approval-request.js';
import type { CycleDetector } from '../cycle/cycle-detector.js';
import type { CellEvents } from '../engine/cell-events.js';
import type { PreparedRoots, SandboxRoots } from '../governance/sandbox-path.js';
import type { UrlOptions } from '../governance/url/judge-url.js';
import type { RegisteredTool } from '../registry/registered-tool.js';
import type { Zone } from '../zone/zone.js';
import type { AuditEvent } from './audit-event.js';
import type { RunServices } from './run-services.js';

/** Everything one call needs from its run and cell; the pipeline reads nothing else. */
export interface CallScope {
  /** The tool by name, if this run may see it (agent whitelist and disabled engine tools applied). */
  readonly lookup: (name: string) => RegisteredTool | undefined;
  /** Why a tool this run knows may not be used here (past the sub-agent depth limit); undefined otherwise. */
  readonly unavailable?: (name: string) => string | undefined;
  /** The names this run may see, for "did you mean". */
  readonly visibleNames: () => Iterable<string>;
  /** The call's category: the cell's map, the engine's, then the tool's own (refined by its arguments). */
  readonly categoryOf: (tool: RegisteredTool, args: unknown) => ToolCategory;
  readonly progressAwareOf: (tool: RegisteredTool) => boolean;
  readonly roots: SandboxRoots;
  /** `roots` with their real paths, resolved once. */
  readonly preparedRoots: PreparedRoots;
  readonly detector: CycleDetector;
  /** The actor's policy (the cell's, narrowed by the run's); none means Hardline and Sandbox decide alone. */
  readonly zone: Zone | undefined;
  /**
   * The policy the zone stands for, the same object for every run of a cell without a zone of its own:
   * what the OS sandbox keys its kept view of the roots on (the zone itself is wrapped anew per run).
   */
  readonly policy: object | undefined;
  /** Who answers when governance asks; none means every ask is refused. */
  readonly human: HumanChannel | undefined;
  /** Calls approved for their session: session, tool, rule and canonical arguments. */
  readonly sticky: Set<string>;
  /**
   * The cell's `email.allowRecipients`: the addresses any `Recipient()` argument may name (patterns, see
   * recipient-pattern.ts); undefined lets every address through to the Zone.
   */
  readonly allowRecipients?: readonly string[] | undefined;
  /** How `Url()` arguments are resolved and which hosts are exempt from the private-address rule. */
  readonly network: UrlOptions;
  readonly ids: {
    readonly cellId: string;
    readonly runId: string;
    readonly sessionId: string | undefined;
    readonly agentId: string | undefined;
    readonly actor: string | undefined;
    /** What started the run when no person did (a scheduled job). */
    readonly origin?: { readonly kind: string; readonly id: string };
  };
  /** Aborts every call of the run (the run was cancelled or the cell stopped). */
  readonly signal: AbortSignal;
  /** Where a call's progress and log lines go, besides the call's own listeners. */
  readonly events: CellEvents;
  /** Default limits when a tool declares none. */
  readonly defaults: { readonly timeoutMs: number; readonly outputBudget: number };
  /** Saves a full output that was too long for the model; returns the file's path. */
  readonly spill: (text: string) => string | undefined;
  readonly audit: (event: AuditEvent) => void;
  readonly services: RunServices;
}
