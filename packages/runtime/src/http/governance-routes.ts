import type { Hono } from 'hono';
import type { Cell } from '../engine/cell.js';

/** One rule of the active zone, as `GET /governance` shows it. */
export interface ZoneRuleView {
  readonly id: string;
  readonly effect: 'allow' | 'ask' | 'deny';
  /** The tool patterns as written (`read`, `mcp:fs/*`, `*`). */
  readonly tools: readonly string[];
  /** What it looks at, as written: `paths`, `argv` or `domains` patterns; `none` covers every target. */
  readonly condition: { readonly kind: 'none' | 'paths' | 'argv' | 'domains'; readonly patterns: readonly string[] };
  readonly reason?: string;
  /** The examples the policy file gives, each checked when the zone loaded. */
  readonly examples: { readonly match: readonly string[]; readonly notMatch: readonly string[] };
}

/** What governs the cell's calls, as `GET /governance` answers it. */
export interface GovernanceView {
  /** The cell's zone, or null when it has none (every call that Hardline and the Sandbox pass is allowed). */
  readonly zone: {
    readonly id: string;
    /** The policy file, when the zone came from one, and its text. */
    readonly file?: string;
    readonly text?: string;
    /** The zones it extends come first, as they apply: strictest wins across the chain. */
    readonly rules: readonly ZoneRuleView[];
    /** The effect per category when no rule matches. */
    readonly defaults: Readonly<Record<'exploration' | 'action', 'allow' | 'ask' | 'deny'>>;
  } | null;
  readonly sandbox: {
    readonly mode: 'on' | 'off';
    /** Why it is off, or what it runs with (`bubblewrap <version>`). */
    readonly detail: string;
  };
  /** The cell's roots as the Sandbox and the OS boundary use them. */
  readonly roots: {
    readonly workDir: string;
    readonly allowPaths: readonly string[];
    readonly denyPaths: readonly string[];
  };
  /** The paths Hardline protects whatever the zone says. */
  readonly hardline: { readonly protectedPaths: readonly string[] };
  /** Whether calls may wait for a person here (`AppOptions.approvals`). */
  readonly approvals: boolean;
}

/** `GET /governance` (owner only): the zone, the sandbox, the roots, Hardline's paths. */
export function addGovernanceRoutes(_app: Hono, _cell: Cell, _approvals: boolean): void {
  // Built by its issue's runtime work: see CONTRACT.
}
