import type { ToolSandbox } from './tool-sandbox.js';

/** How far along a long call is; the runtime forwards it to the caller (MCP progress, HTTP events). */
export interface ToolProgress {
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

export interface ToolLogger {
  debug(message: string, data?: unknown): void;
  info(message: string, data?: unknown): void;
  warn(message: string, data?: unknown): void;
  error(message: string, data?: unknown): void;
}

/** One question put to the human, with the answers offered (they may also write their own). */
export interface UserQuestion {
  readonly question: string;
  readonly options: readonly { readonly label: string; readonly description?: string }[];
  /** More than one option may be chosen. */
  readonly multiSelect?: boolean;
}

/** The human's answer to one question: the labels chosen, or their own words as the one entry. */
export interface UserAnswer {
  readonly question: string;
  readonly answers: readonly string[];
}

/** The run's human, for tools that ask them something (`ask_user`). */
export interface ToolHuman {
  /** Waits for the answers; rejects with an `aborted` ToolError when the call is cancelled. */
  ask(questions: readonly UserQuestion[], signal: AbortSignal): Promise<readonly UserAnswer[]>;
}

/**
 * State kept for the call's session (its run, when the run has no session) and shared by every tool of
 * the cell: a read ledger, a plan. Values should be JSON (the HTTP API shows them); keys are namespaced
 * by the tool that owns them (`plan`, `read.ledger`).
 */
export interface ToolSession {
  readonly id: string;
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}

/** A task for a configured sub-agent. */
export interface SubAgentTask {
  /** The sub-agent's name, one of `ToolAgents.names`. */
  readonly agent: string;
  /** A few words shown to people while it runs. */
  readonly description: string;
  /** Everything the sub-agent is told: it sees nothing else of the calling conversation. */
  readonly prompt: string;
}

/** How a sub-agent's task ended. */
export interface SubAgentAnswer {
  readonly text: string;
  /** `done`, or why it stopped short (`max_turns`, `cycle_blocked`, `escalated`). */
  readonly stopped: string;
  readonly turns: number;
  readonly runId: string;
}

/** The sub-agents a tool may hand a task to (`delegate_task`); their tools never exceed the caller's. */
export interface ToolAgents {
  readonly names: readonly string[];
  run(task: SubAgentTask, signal: AbortSignal): Promise<SubAgentAnswer>;
}

/**
 * What the runtime hands a handler with every call, after governance has run. Paths that the schema
 * marks with `Path()` arrive resolved (symlinks followed, inside the allowed roots) in `resolvedPaths`,
 * keyed by their JSON pointer in the arguments (`/path`, `/edits/0/path`).
 */
export interface ToolContext {
  readonly cellId: string;
  readonly runId: string;
  readonly sessionId: string | undefined;
  readonly agentId: string | undefined;
  readonly actor: string | undefined;
  readonly workDir: string;
  readonly allowPaths: readonly string[];
  readonly denyPaths: readonly string[];
  readonly resolvedPaths: ReadonlyMap<string, string>;
  /** The cell's folder for state (databases) and artefacts (full outputs); it exists. */
  readonly dataDir: string;
  readonly session: ToolSession;
  /** The run's human; none in a run without one. */
  readonly human: ToolHuman | undefined;
  /** The cell's configured sub-agents; none when the cell has none or the run may not delegate further. */
  readonly agents: ToolAgents | undefined;
  readonly signal: AbortSignal;
  /**
   * Judges a URL the tool reaches beyond its `Url()` arguments (a redirect, a page's sub-request) by the
   * same rules: scheme, private addresses after DNS, the Zone. Resolves to the refusal's reason, or
   * `undefined` when the URL may be fetched.
   */
  checkUrl(url: string): Promise<string | undefined>;
  /**
   * Whether governance would let this tool read a file it found on its own (a search hit), given as a
   * real absolute path: Hardline, the Sandbox's roots and the Zone, where a rule that would ask counts
   * as no. Touches no file: a tool that walks folders without following links passes what it found.
   */
  mayRead(realPath: string): boolean;
  progress(update: ToolProgress): void;
  readonly log: ToolLogger;
  /** Where child processes run: the only way a handler should start one. */
  readonly sandbox: ToolSandbox;
}
