import type {
  CategoryLevel,
  DialectName,
  JsonSchemaTool,
  LossReport,
  ToolCategory,
  ToolDescription,
} from '@wesgine/schema';
import type { Hono } from 'hono';
import type { Cell } from '../engine/cell.js';
import type { ToolSourceKind } from '../registry/registered-tool.js';
import type { SessionRuns } from './session-runs.js';

/** One tool as `GET /catalogue` shows it: everything the playground's catalogue needs, in one answer. */
export interface CatalogueEntry {
  readonly name: string;
  readonly aliases: readonly string[];
  /**
   * Where it came from: `engine` (the built-ins or another engine pack), `sdk` (a closure or a pack's tool
   * registered on the cell), `mcp`, `plugin`, `adapter`, `agent` (a sub-agent as a tool), `run` (a
   * per-run tool of the session asked about).
   */
  readonly source: {
    readonly kind: ToolSourceKind;
    /** `mcp:fs`, `plugin:lint`: the `ToolSource` it came from. */
    readonly id?: string;
    /** `pack@version`, the MCP server, the agent: as its audit events name it. */
    readonly provenance: string;
    /** The pack it came from, when it came from one. */
    readonly pack?: { readonly name: string; readonly version: string };
    /** Present, as `off`, when its source's process runs outside the OS sandbox. */
    readonly sandbox?: 'off';
  };
  readonly category: ToolCategory;
  /** Which level of the category resolution decided: the engine's map, the cell's, the tool's meta, the default. */
  readonly categoryFrom: CategoryLevel;
  readonly description: string;
  /** The JSON Schema listing `GET /tools` serves for it. */
  readonly schema: JsonSchemaTool;
  /** Each provider dialect: the declaration as it is sent and what the export lost. */
  readonly dialects: Readonly<
    Record<DialectName, { readonly name: string; readonly declaration: unknown; readonly loss: LossReport }>
  >;
  /** The description model both renderings of the docs lay out (`describeTool`). */
  readonly docs: ToolDescription;
}

/**
 * `GET /catalogue`: every tool the caller's run sees (`?session=<id>`: that session's run, per-run tools
 * included; else the cell's listed tools), sorted by name, as `CatalogueEntry` values.
 */
export function addCatalogueRoutes(_app: Hono, _cell: Cell, _runs: SessionRuns): void {
  // Built by its issue's runtime work: see CONTRACT.
}
