import {
  type AnyToolDefinition,
  type CategoryLevel,
  DIALECT_NAMES,
  type DialectName,
  describeTool,
  exportTool,
  type JsonSchemaTool,
  type LossReport,
  resolveCategory,
  STRICT_MODE_DIALECTS,
  type ToolCategory,
  type ToolDescription,
  toJsonSchemaTool,
} from '@wesgine/schema';
import type { Hono } from 'hono';
import type { Cell } from '../engine/cell.js';
import type { Run } from '../engine/run.js';
import type { PackOrigin, RegisteredTool, ToolSourceKind } from '../registry/registered-tool.js';
import { scopedSession, scopeOf } from './client-scope.js';
import { httpError } from './http-error.js';
import type { SessionRuns } from './session-runs.js';

/** One tool in one provider's dialect, as the catalogue shows it. */
export interface CatalogueDialect {
  readonly name: string;
  readonly declaration: unknown;
  readonly loss: LossReport;
}

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
  /**
   * Each provider dialect: the name and declaration as they are sent and what the export lost (provider
   * names made distinct across the listed tools, as `GET /tools?dialect=` makes them). A tool whose schema
   * no provider can take (a `$ref` that leads nowhere) has `declaration: null` and the reason in its
   * loss report's `warnings`.
   */
  readonly dialects: Readonly<Record<DialectName, CatalogueDialect>>;
  /** The description model both renderings of the docs lay out (`describeTool`). */
  readonly docs: ToolDescription;
}

/**
 * `GET /catalogue`: every tool the caller's run sees (`?session=<id>`: that session's run, per-run tools
 * included; else the cell's listed tools), sorted by name, as `CatalogueEntry` values. Asking for a
 * session opens its run as its first call would (the same run its calls then use), so that the run's own
 * tools are listed before anything was called. An actor token's sessions are its own, as for calls.
 */
export function addCatalogueRoutes(app: Hono, cell: Cell, runs: SessionRuns): void {
  app.get('/catalogue', (context) => {
    const session = context.req.query('session');
    if (session === '') return httpError(context, 'bad_request', 'session must be a session id, not empty');
    const scope = scopeOf(context);
    let run: Run | undefined;
    if (session !== undefined) {
      try {
        run = runs.get(scope.actor, scopedSession(scope, session));
      } catch (error) {
        // Anything else (a per-run tool that cannot be registered) is a fault of the host: a 500.
        if (!(error instanceof Error && error.message === 'the cell is stopped')) throw error;
        return httpError(context, 'unavailable', 'the cell is stopped; it takes no more calls');
      }
    }
    return context.json(catalogue(cell, run));
  });
}

/** The entries of the cell's listed tools, or of the tools `run` may call. */
export function catalogue(cell: Cell, run?: Run): CatalogueEntry[] {
  const tools = run === undefined ? cellTools(cell) : runTools(cell, run);
  const otherNames = tools.map((tool) => tool.definition.name);
  const { engine, spec } = cell;
  return tools.map((tool) => {
    const { definition } = tool;
    const resolved = resolveCategory(definition.name, {
      engine: engine.categories,
      ...(spec.extraCategories === undefined ? {} : { cell: spec.extraCategories }),
      meta: definition.meta,
    });
    return {
      name: definition.name,
      aliases: [...(definition.meta.aliases ?? [])],
      source: {
        kind: tool.source,
        ...(tool.sourceId === undefined ? {} : { id: tool.sourceId }),
        provenance: tool.provenance,
        ...(tool.pack === undefined ? {} : { pack: { name: tool.pack.name, version: tool.pack.version } }),
        ...(tool.sandbox === 'off' ? { sandbox: 'off' as const } : {}),
      },
      category: resolved.category,
      categoryFrom: resolved.level,
      description: definition.description,
      schema: toJsonSchemaTool(definition),
      dialects: dialectsOf(definition, otherNames),
      docs: describeTool(definition, { category: resolved.category }),
    };
  });
}

/** What a tool of the listing needs: where it came from and its definition. */
type ListedTool = Pick<RegisteredTool, 'definition' | 'source' | 'sourceId' | 'provenance' | 'pack' | 'sandbox'>;

function cellTools(cell: Cell): ListedTool[] {
  return cell.allTools().sort((a, b) => byName(a.definition, b.definition));
}

/**
 * The tools `run` may call, by name. A definition that is not one of the cell's is one of the run's own
 * tools (`RunParams.tools`), which may shadow a cell tool of its name for that run.
 */
function runTools(cell: Cell, run: Run): ListedTool[] {
  const registered = new Map<AnyToolDefinition, RegisteredTool>();
  for (const tool of cell.allTools()) registered.set(tool.definition, tool);
  const given = new Map((run.params.tools ?? []).map((tool) => [tool.name, tool]));
  return run.tools().map((definition) => {
    const known = registered.get(definition);
    if (known !== undefined) return known;
    const pack: PackOrigin | undefined = given.get(definition.name)?.pack;
    return {
      definition,
      source: 'run',
      sourceId: undefined,
      provenance: pack === undefined ? `run ${run.id}` : `${pack.name}@${pack.version}`,
      pack: pack === undefined ? undefined : { name: pack.name, version: pack.version },
      sandbox: undefined,
    };
  });
}

/**
 * The exports of each definition, kept while the definition lives and the other names stay the same:
 * a page asks for the catalogue often, and exporting every tool to six dialects is most of its cost.
 */
const exported = new WeakMap<
  AnyToolDefinition,
  { readonly names: string; readonly dialects: Record<DialectName, CatalogueDialect> }
>();

function dialectsOf(
  definition: AnyToolDefinition,
  otherNames: readonly string[],
): Record<DialectName, CatalogueDialect> {
  const names = otherNames.join('\n');
  const known = exported.get(definition);
  if (known?.names === names) return known.dialects;
  const dialects = exportDialects(definition, otherNames);
  exported.set(definition, { names, dialects });
  return dialects;
}

function exportDialects(
  definition: AnyToolDefinition,
  otherNames: readonly string[],
): Record<DialectName, CatalogueDialect> {
  const dialects = {} as Record<DialectName, CatalogueDialect>;
  for (const dialect of DIALECT_NAMES) {
    try {
      const { name, declaration, loss } = exportTool(definition, dialect, { otherNames });
      dialects[dialect] = { name, declaration, loss };
    } catch (error) {
      dialects[dialect] = unexportable(definition.name, dialect, error);
    }
  }
  return dialects;
}

/** The entry of a dialect that could not take the tool: no declaration, and why in the report. */
function unexportable(tool: string, dialect: DialectName, error: unknown): CatalogueDialect {
  const reason = `no declaration can be made: ${error instanceof Error ? error.message : String(error)}`;
  return {
    name: tool,
    declaration: null,
    loss: {
      dialect,
      tool,
      providerName: tool,
      lossless: false,
      hasStrictMode: STRICT_MODE_DIALECTS.includes(dialect),
      strictCapable: false,
      strictProblems: [],
      warnings: [reason],
      entries: [],
    },
  };
}

function byName(a: AnyToolDefinition, b: AnyToolDefinition): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
