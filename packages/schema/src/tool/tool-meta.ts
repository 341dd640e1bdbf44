/** `exploration` tools only read; `action` tools may write. Unknown tools are `action`. */
export type ToolCategory = 'exploration' | 'action';

/** What a tool declares about itself. Governance treats these as inputs, never as permissions. */
export interface ToolMeta {
  /** The tool changes nothing. Resolves the category to `exploration` unless a map says otherwise. */
  readonly readOnly?: boolean;
  /** An explicit category; must agree with `readOnly` when both are given. */
  readonly category?: ToolCategory;
  /** A repeat call with changed arguments is progress (edit, write), not a loop. */
  readonly progressAware?: boolean;
  /** The tool may destroy data (delete, overwrite). Only meaningful when not read-only. */
  readonly destructive?: boolean;
  /** Calling twice with the same arguments has the effect of calling once. */
  readonly idempotent?: boolean;
  /** The tool reaches outside the machine (web, email, third-party APIs). */
  readonly openWorld?: boolean;
  /** Per-call time limit in milliseconds. */
  readonly timeoutMs?: number;
  /** The most characters of text the model sees from one call; the rest is cut and spilled to a file. */
  readonly outputBudget?: number;
  /** Other names the tool answers to (`search_files` for `grep`); listings show only its own name. */
  readonly aliases?: readonly string[];
  /**
   * The tool hands work to a sub-agent (through `context.agents`): a run at the sub-agent depth limit is
   * not offered it.
   */
  readonly delegates?: boolean;
  /**
   * Top-level argument names that only describe the call to the people watching (exec's `description`):
   * the CycleDetector and session approvals leave them out of a call's key. Each must be a parameter.
   */
  readonly displayOnly?: readonly string[];
  /**
   * A person approves every call unless a Zone rule allows it by name (email.send, desktop actions): the
   * tool's calls ask where the category's default would allow, and ask with no Zone at all.
   */
  readonly askFirst?: boolean;
  /** Codegen must be able to emit a strict schema for every provider that has a strict mode. */
  readonly strict?: boolean;
}
