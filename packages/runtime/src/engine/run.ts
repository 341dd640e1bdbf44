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
import type { CycleSnapshot } from '../cycle/cycle-snapshot.js';
import { prepareRoots } from '../governance/sandbox-path.js';
import type { AuditEvent } from '../pipeline/audit-event.js';
import type { CallOptions } from '../pipeline/call-options.js';
import type { CallScope } from '../pipeline/call-scope.js';
import { callTool } from '../pipeline/call-tool.js';
import type { ToolResult } from '../pipeline/tool-result.js';
import { type AnyHandler, type RegisteredTool, registerTool } from '../registry/registered-tool.js';
import { toolNamesZone } from '../zone/tool-names-zone.js';
import type { Zone } from '../zone/zone.js';
import { type ZoneSource, zoneFrom } from '../zone/zone-source.js';
import type { Cell } from './cell.js';
import { didYouMean } from './cell-names.js';
import { type SdkTool, sdkDefinition, sdkOrigin } from './sdk-tool.js';
import { zoneNames } from './zone-names.js';

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
  /**
   * How deep sub-agents may nest (set by the sub-agent tools; a child inherits its parent's): a run this
   * deep is not offered tools that delegate (`delegate_task`, sub-agent tools), and calling one says why.
   * `0` on a top-level run offers it no delegating tool at all.
   */
  readonly depthLimit?: number;
  /**
   * What started the run when no person did (a scheduled job: `{ kind: 'cron', id: '<job id>' }`): every
   * audit event of the run carries it.
   */
  readonly origin?: RunOrigin;
}

/** What started a run: its kind (`cron`) and the id of the thing of that kind (the job). */
export interface RunOrigin {
  readonly kind: string;
  readonly id: string;
}

/** A tool that hands work to a sub-agent: a sub-agent tool, or one whose meta says it delegates. */
export function delegates(tool: RegisteredTool): boolean {
  return tool.source === 'agent' || tool.definition.meta.delegates === true;
}

/** One run: its visible tools, its CycleDetector, and `call`, which walks the pipeline. */
export class Run {
  readonly id = randomUUID();
  /** What the run was created with. */
  readonly params: RunParams;
  /** How many sub-agent runs lie above this one: 0 for a run started by `cell.run` directly. */
  readonly depth: number;
  /** How deep sub-agents may nest below the top run, when a sub-agent tool set a limit. */
  readonly depthLimit: number | undefined;
  readonly #cell: Cell;
  readonly #own = new Map<string, RegisteredTool>();
  readonly #whitelist: ReadonlySet<string> | undefined;
  readonly #atDepthLimit: boolean;
  readonly #scope: CallScope;
  readonly #ending = new AbortController();
  readonly #ended: (runId: string) => void;
  #spilled = 0;

  constructor(
    cell: Cell,
    params: RunParams,
    signal: AbortSignal,
    ended: (runId: string) => void,
    audit: (event: AuditEvent) => void,
  ) {
    this.#cell = cell;
    this.#ended = ended;
    this.params = params;
    this.depth = params.parent === undefined ? 0 : params.parent.depth + 1;
    const { depthLimit } = params;
    if (depthLimit !== undefined && !(Number.isInteger(depthLimit) && depthLimit >= 0)) {
      throw new RangeError(`depthLimit must be a whole number of at least 0, not ${String(depthLimit)}`);
    }
    this.depthLimit = depthLimit ?? params.parent?.depthLimit;
    this.#atDepthLimit = this.depthLimit !== undefined && this.depth >= this.depthLimit;
    for (const tool of params.tools ?? []) {
      const definition = sdkDefinition(tool);
      if (this.#own.has(definition.name)) throw new Error(`the run's tools name '${definition.name}' twice`);
      this.#own.set(
        definition.name,
        registerTool(definition, tool.handler as AnyHandler, 'run', sdkOrigin(tool, `run ${this.id}`)),
      );
    }
    this.#whitelist = params.agent?.tools === undefined ? undefined : this.#resolveWhitelist(params.agent.tools);
    const { spec, engine } = cell;
    const progressAware = new Set([...engine.progressAware, ...(spec.extraProgressAware ?? [])]);
    const roots = { workDir: spec.workDir, allowPaths: spec.allowPaths ?? [], denyPaths: spec.denyPaths ?? [] };
    const policy = runZone(cell, params.zone);
    this.#scope = {
      lookup: (name) => this.#lookup(name),
      unavailable: (name) => this.#unavailable(name),
      visibleNames: () => this.tools().map((tool) => tool.name),
      categoryOf: (tool, args) => callCategory(tool, args, engine.categories, spec.extraCategories),
      progressAwareOf: (tool) => progressAware.has(tool.definition.name) || tool.definition.meta.progressAware === true,
      roots,
      preparedRoots: prepareRoots(roots),
      detector: new CycleDetector(cell.cycleConfig),
      zone: this.#aliasAware(policy),
      policy,
      human: params.human,
      sticky: cell.sessionApprovals,
      network: spec.network ?? {},
      allowRecipients: spec.email?.allowRecipients,
      ids: {
        cellId: cell.id,
        runId: this.id,
        sessionId: params.sessionId,
        agentId: params.agent?.id,
        actor: params.actor,
        ...(params.origin === undefined ? {} : { origin: checkedOrigin(params.origin) }),
      },
      signal: AbortSignal.any([signal, this.#ending.signal, ...(params.signal === undefined ? [] : [params.signal])]),
      events: cell.events,
      defaults: { timeoutMs: spec.defaults?.timeoutMs ?? 120_000, outputBudget: spec.defaults?.outputBudget ?? 30_000 },
      spill: (text) => this.#spill(text),
      audit,
      services: {
        dataDir: cell.dataDir,
        session: cell.sessionState(params.sessionId ?? this.id),
        human: this.#toolHuman(params.human),
        agents: this.#atDepthLimit ? undefined : cell.delegates(this),
        sandbox: cell.sandbox,
      },
    };
  }

  /**
   * Runs one call through the pipeline. Never throws: failures are results with `isError` and a code.
   * `options.dialect` says the arguments came in a provider's dialect: they are decoded into the tool's
   * own shape before validation, and the tool may be named by its provider name in that dialect.
   */
  call(name: string, args: unknown, options?: CallOptions): Promise<ToolResult> {
    return callTool(this.#scope, name, args, options);
  }

  /** The definitions this run may call, sorted by name. */
  tools(): AnyToolDefinition[] {
    const byName = new Map<string, RegisteredTool>();
    for (const tool of [...this.#cell.allTools(), ...this.#own.values()]) byName.set(tool.definition.name, tool);
    return [...byName.values()]
      .filter((tool) => this.#offers(tool))
      .map((tool) => tool.definition)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /**
   * The own name of the tool `name` means for this run (one of its own tools, a cell tool, or an engine
   * tool by its name or an alias), whether or not the run may call it; undefined when none is known.
   */
  toolName(name: string): string | undefined {
    return this.#own.has(name) ? name : this.#cell.toolName(name);
  }

  /** Every name this run knows now, aliases included, for "did you mean". */
  knownNames(): string[] {
    return [...this.#own.keys(), ...this.#cell.knownNames()];
  }

  /**
   * What this run's CycleDetector holds now: its streaks, the calls it remembers and its latest
   * verdicts that were not `ok` (`GET /runs/:id/cycle` serves it). A copy: changing it changes nothing.
   */
  cycleSnapshot(): CycleSnapshot {
    return this.#scope.detector.snapshot();
  }

  /**
   * Ends the run: its calls still running are cancelled, new ones are refused as cancelled, and what
   * tools keep for it (browser sessions) is let go (`cell.onRunEnd`). Calling it again does nothing.
   */
  end(): void {
    if (this.#ending.signal.aborted) return;
    this.#ending.abort(new Error('the run ended'));
    this.#ended(this.id);
  }

  /** Whether `end()` was called (or the cell stopped). */
  get ended(): boolean {
    return this.#ending.signal.aborted || this.#scope.signal.aborted;
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

  /** Zone rules that name a tool by an alias, or by its source (`mcp:fs`, `mcp:fs/read_file`), govern it too. */
  #aliasAware(zone: Zone | undefined): Zone | undefined {
    return zone === undefined
      ? undefined
      : toolNamesZone(zone, (name) => {
          const tool = this.#find(name);
          return tool === undefined ? undefined : zoneNames(tool);
        });
  }

  #find(name: string): RegisteredTool | undefined {
    return this.#own.get(name) ?? this.#cell.cellTool(name) ?? this.#cell.engineTool(name);
  }

  /** The tool by its name or an alias, when this run may call it (whitelist by its own name, depth limit). */
  #lookup(name: string): RegisteredTool | undefined {
    const tool = this.#find(name);
    return tool !== undefined && this.#offers(tool) ? tool : undefined;
  }

  #offers(tool: RegisteredTool): boolean {
    if (this.#whitelist !== undefined && !this.#whitelist.has(tool.definition.name)) return false;
    return !(this.#atDepthLimit && delegates(tool));
  }

  #unavailable(name: string): string | undefined {
    const tool = this.#find(name);
    if (tool === undefined || !this.#atDepthLimit || !delegates(tool)) return undefined;
    if (this.depth === 0) {
      return `${tool.definition.name} is not offered here: this run may not hand work to sub-agents; do the task with the other tools.`;
    }
    const levels = this.depthLimit === 1 ? '1 level' : `${this.depthLimit} levels`;
    return `${tool.definition.name} is not offered here: this sub-agent runs ${levels} deep, the most sub-agents may nest, so it cannot hand work on; do the task with the other tools.`;
  }

  /** The whitelist by the tools' own names; a name no tool of the cell has now is an error. */
  #resolveWhitelist(names: readonly string[]): ReadonlySet<string> {
    if (!Array.isArray(names)) throw new Error(`agent.tools must be a list of tool names, got ${typeof names}`);
    const resolved = new Set<string>();
    for (const name of names) {
      const own = typeof name === 'string' ? this.toolName(name) : undefined;
      if (own === undefined) {
        throw new Error(`agent.tools ${unknownName(name, this.knownNames())}`);
      }
      resolved.add(own);
    }
    return resolved;
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

function checkedOrigin(origin: RunOrigin): RunOrigin {
  if (typeof origin?.kind !== 'string' || origin.kind === '' || typeof origin.id !== 'string' || origin.id === '') {
    throw new Error("a run's origin needs a kind and an id, such as { kind: 'cron', id: 'job-1' }");
  }
  return Object.freeze({ kind: origin.kind, id: origin.id });
}

/** The cell's zone narrowed by the run's, when either is set. */
function runZone(cell: Cell, source: ZoneSource | undefined): Zone | undefined {
  if (source === undefined) return cell.zone;
  const own = zoneFrom(source, cell.spec.workDir);
  return cell.zone === undefined ? own : cell.zone.narrow(own);
}

/** `names 'pth', which no tool of this cell has; did you mean 'path'?` */
export function unknownName(name: unknown, known: readonly string[]): string {
  if (typeof name !== 'string') return `holds a ${typeof name}, not a tool name`;
  return `names '${name}', which no tool of this cell has${didYouMean(name, new Set(known))} A tool that arrives later (an MCP server, a plugin) can only be named once it is there.`;
}
