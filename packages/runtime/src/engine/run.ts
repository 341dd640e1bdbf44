import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AnyToolDefinition,
  resolveCategory,
  type TObject,
  type ToolCategory,
  type ToolHuman,
  type UserQuestion,
} from '@wesgine/schema';
import type { HumanChannel } from '../approval/approval-request.js';
import { CycleDetector } from '../cycle/cycle-detector.js';
import { prepareRoots } from '../governance/sandbox-path.js';
import type { AuditEvent } from '../pipeline/audit-event.js';
import type { CallScope } from '../pipeline/call-scope.js';
import { callTool } from '../pipeline/call-tool.js';
import type { ToolResult } from '../pipeline/tool-result.js';
import { type AnyHandler, type RegisteredTool, registerTool } from '../registry/registered-tool.js';
import type { Zone } from '../zone/zone.js';
import { type ZoneSource, zoneFrom } from '../zone/zone-source.js';
import type { Cell } from './cell.js';
import { type SdkTool, sdkDefinition } from './sdk-tool.js';

export interface RunParams {
  readonly actor?: string;
  readonly sessionId?: string;
  /** The agent's whitelist: `undefined` = every tool, `[]` = none. */
  readonly agent?: { readonly id?: string; readonly tools?: readonly string[] };
  /** Tools for this run only; one may shadow a cell or engine tool of the same name, for this run. */
  readonly tools?: readonly SdkTool<TObject>[];
  /** Who answers governance's questions; with none, a call that needs approval is refused. */
  readonly human?: HumanChannel;
  /** A Zone for this run only: it narrows the cell's (both apply, the strictest wins), never widens it. */
  readonly zone?: ZoneSource;
  /** Cancels this run's calls, as `cell.stop()` does for every run of the cell. */
  readonly signal?: AbortSignal;
  /**
   * The run that started this one as a sub-agent (`cell.agents().asTool`): this run's `depth` is one more
   * than its parent's. Nothing else is inherited here; the sub-agent tool passes actor, session and tools.
   */
  readonly parent?: Run;
}

const NO_LOG = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** One run: its visible tools, its CycleDetector, and `call`, which walks the pipeline. */
export class Run {
  readonly id = randomUUID();
  /** What the run was created with. */
  readonly params: RunParams;
  /** How many sub-agent runs lie above this one: 0 for a run started by `cell.run` directly. */
  readonly depth: number;
  readonly #cell: Cell;
  readonly #own = new Map<string, RegisteredTool>();
  readonly #whitelist: ReadonlySet<string> | undefined;
  readonly #scope: CallScope;
  #spilled = 0;

  constructor(cell: Cell, params: RunParams, signal: AbortSignal, audit: (event: AuditEvent) => void) {
    this.#cell = cell;
    this.params = params;
    this.depth = params.parent === undefined ? 0 : params.parent.depth + 1;
    for (const tool of params.tools ?? []) {
      const definition = sdkDefinition(tool);
      if (this.#own.has(definition.name)) throw new Error(`the run's tools name '${definition.name}' twice`);
      this.#own.set(definition.name, registerTool(definition, tool.handler as AnyHandler, 'run', `run ${this.id}`));
    }
    this.#whitelist = params.agent?.tools === undefined ? undefined : new Set(params.agent.tools);
    const { spec, engine } = cell;
    const progressAware = new Set([...engine.progressAware, ...(spec.extraProgressAware ?? [])]);
    const roots = { workDir: spec.workDir, allowPaths: spec.allowPaths ?? [], denyPaths: spec.denyPaths ?? [] };
    this.#scope = {
      lookup: (name) => this.#lookup(name),
      visibleNames: () => this.tools().map((tool) => tool.name),
      categoryOf: (tool, args) => callCategory(tool, args, engine.categories, spec.extraCategories),
      progressAwareOf: (tool) => progressAware.has(tool.definition.name) || tool.definition.meta.progressAware === true,
      roots,
      preparedRoots: prepareRoots(roots),
      detector: new CycleDetector(cell.cycleConfig),
      zone: runZone(cell, params.zone),
      human: params.human,
      sticky: cell.sessionApprovals,
      network: spec.network ?? {},
      ids: {
        cellId: cell.id,
        runId: this.id,
        sessionId: params.sessionId,
        agentId: params.agent?.id,
        actor: params.actor,
      },
      signal: params.signal === undefined ? signal : AbortSignal.any([signal, params.signal]),
      log: NO_LOG,
      defaults: { timeoutMs: spec.defaults?.timeoutMs ?? 120_000, outputBudget: spec.defaults?.outputBudget ?? 30_000 },
      spill: (text) => this.#spill(text),
      audit,
      services: {
        dataDir: cell.dataDir,
        session: cell.sessionState(params.sessionId ?? this.id),
        human: this.#toolHuman(params.human),
        agents: cell.delegates(this),
      },
    };
  }

  /** Runs one call through the pipeline. Never throws: failures are results with `isError` and a code. */
  call(name: string, args: unknown): Promise<ToolResult> {
    return callTool(this.#scope, name, args);
  }

  /** The definitions this run may call, sorted by name. */
  tools(): AnyToolDefinition[] {
    const byName = new Map<string, AnyToolDefinition>();
    for (const tool of [...this.#cell.allTools(), ...this.#own.values()])
      byName.set(tool.definition.name, tool.definition);
    return [...byName.values()]
      .filter((tool) => this.#whitelist === undefined || this.#whitelist.has(tool.name))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** A new user message or an answered question: the cycle counts start again. */
  userTurn(): void {
    this.#scope.detector.reset();
  }

  /** The human as a tool sees it: questions go to the channel, and an answer starts the cycle counts again. */
  #toolHuman(channel: HumanChannel | undefined): ((tool: string) => ToolHuman) | undefined {
    if (channel?.question === undefined) return undefined;
    const ask = channel.question.bind(channel);
    return (tool) => ({
      ask: async (questions: readonly UserQuestion[], signal: AbortSignal) => {
        const answers = await ask(
          {
            id: randomUUID(),
            cellId: this.#cell.id,
            runId: this.id,
            sessionId: this.params.sessionId,
            actor: this.params.actor,
            agentId: this.params.agent?.id,
            tool,
            questions,
            requestedAt: new Date().toISOString(),
          },
          signal,
        );
        this.userTurn();
        return answers;
      },
    });
  }

  #lookup(name: string): RegisteredTool | undefined {
    if (this.#whitelist !== undefined && !this.#whitelist.has(name)) return undefined;
    return this.#own.get(name) ?? this.#cell.cellTool(name) ?? this.#cell.engineTool(name);
  }

  #spill(text: string): string {
    const folder = join(this.#cell.dataDir, 'spill');
    mkdirSync(folder, { recursive: true });
    this.#spilled += 1;
    const path = join(folder, `${this.id}-${this.#spilled}.txt`);
    writeFileSync(path, text);
    return path;
  }
}

/**
 * A call's category: the cell's map wins; otherwise the engine's map or the tool's own meta, refined by
 * the tool's `categoryOf` for these arguments (a classifier that throws leaves the category as it was).
 */
function callCategory(
  tool: RegisteredTool,
  args: unknown,
  engine: Readonly<Record<string, ToolCategory>>,
  cell: Readonly<Record<string, ToolCategory>> | undefined,
): ToolCategory {
  const { definition } = tool;
  const resolved = resolveCategory(definition.name, {
    engine,
    ...(cell === undefined ? {} : { cell }),
    meta: definition.meta,
  });
  if (resolved.level === 'cell' || definition.categoryOf === undefined) return resolved.category;
  try {
    const refined = definition.categoryOf(args as never);
    return refined === 'exploration' || refined === 'action' ? refined : resolved.category;
  } catch {
    return resolved.category;
  }
}

/** The cell's zone narrowed by the run's, when either is set. */
function runZone(cell: Cell, source: ZoneSource | undefined): Zone | undefined {
  if (source === undefined) return cell.zone;
  const own = zoneFrom(source, cell.spec.workDir);
  return cell.zone === undefined ? own : cell.zone.narrow(own);
}
