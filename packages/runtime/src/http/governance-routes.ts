import type { Hono } from 'hono';
import type { Cell } from '../engine/cell.js';
import { protectedPaths } from '../governance/hardline-paths.js';
import { prepareRoots } from '../governance/sandbox-path.js';
import { sandboxDetail } from '../sandbox/sandbox-detail.js';
import type { Zone } from '../zone/zone.js';
import { ownerOnly } from './owner-only.js';

/** One rule of the active zone, as `GET /governance` shows it. */
export interface ZoneRuleView {
  readonly id: string;
  /** The zone it is written in: the active zone's id, or that of a zone it extends. */
  readonly zone: string;
  readonly effect: 'allow' | 'ask' | 'deny';
  /** The tool patterns as written (`read`, `mcp:fs/*`, `*`). */
  readonly tools: readonly string[];
  /** What it looks at, as written: `paths`, `argv`, `domains` or `recipients` patterns; `none` covers every target. */
  readonly condition: {
    readonly kind: 'none' | 'paths' | 'argv' | 'domains' | 'recipients';
    readonly patterns: readonly string[];
  };
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
    /**
     * Present when the zone is code (a `Zone` object without `describe()`): its rules cannot be shown,
     * and `defaults` are what it decides for a call of a tool without targets.
     */
    readonly note?: string;
  } | null;
  readonly sandbox: {
    readonly mode: 'on' | 'off';
    /** Why it is off, or what it runs with (`bubblewrap <version>`). */
    readonly detail: string;
  };
  /**
   * The cell's roots as the Sandbox and the OS boundary use them, absolute: `allowPaths` is where paths
   * may lead (the workDir alone when the cell names none), `denyPaths` where they never may.
   */
  readonly roots: {
    readonly workDir: string;
    readonly allowPaths: readonly string[];
    readonly denyPaths: readonly string[];
  };
  /**
   * The paths Hardline protects whatever the zone says: reading and writing, or only writing where an
   * entry says `(writing)`.
   */
  readonly hardline: { readonly protectedPaths: readonly string[] };
  /** Whether calls may wait for a person here (`AppOptions.approvals`). */
  readonly approvals: boolean;
}

/** `GET /governance` (owner only): the zone, the sandbox, the roots, Hardline's paths. */
export function addGovernanceRoutes(app: Hono, cell: Cell, approvals: boolean): void {
  app.get('/governance', async (context) => {
    const refused = ownerOnly(context, 'what governs the cell');
    if (refused !== undefined) return refused;
    return context.json(await governanceView(cell, approvals));
  });
}

/** What governs `cell`'s calls, read afresh. */
export async function governanceView(cell: Cell, approvals: boolean): Promise<GovernanceView> {
  const { spec } = cell;
  const roots = prepareRoots({
    workDir: spec.workDir,
    allowPaths: spec.allowPaths ?? [],
    denyPaths: spec.denyPaths ?? [],
  });
  return {
    zone: cell.zone === undefined ? null : zoneView(cell.zone, spec.workDir),
    sandbox: { mode: cell.sandbox.mode, detail: await sandboxDetail(cell.sandbox.mode) },
    roots: {
      workDir: spec.workDir,
      allowPaths: roots.allowed.map((root) => root.lexical),
      denyPaths: roots.denied.map((root) => root.lexical),
    },
    hardline: { protectedPaths: protectedPaths() },
    approvals,
  };
}

function zoneView(zone: Zone, workDir: string): NonNullable<GovernanceView['zone']> {
  const described = zone.describe?.();
  if (described === undefined) {
    // A zone written as code: what it does with a call that names nothing is all that can be asked.
    const effect = (category: 'exploration' | 'action') =>
      zone.decide({ tool: '(any tool)', category, workDir, paths: [] }).effect;
    return {
      id: zone.id,
      rules: [],
      defaults: { exploration: effect('exploration'), action: effect('action') },
      note: 'this zone is code (a Zone object of its own), so its rules cannot be listed',
    };
  }
  return {
    id: described.id,
    ...(described.file === undefined ? {} : { file: described.file }),
    ...(described.text === undefined ? {} : { text: described.text }),
    rules: described.rules.map((rule) => ({
      id: rule.id,
      zone: rule.zone,
      effect: rule.effect,
      tools: rule.tools,
      condition: rule.condition,
      ...(rule.reason === undefined ? {} : { reason: rule.reason }),
      examples: rule.examples,
    })),
    defaults: described.defaults,
  };
}
