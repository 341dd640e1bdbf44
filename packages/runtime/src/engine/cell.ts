import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type TObject, type ToolAgents, ToolError, type ToolSession } from '@wesgine/schema';
import type { AdapterSource } from '../adapter/adapter.js';
import { adaptersReady, createAdapterSources } from '../adapter/cell-adapters.js';
import {
  type AgentToolConfig,
  agentTool,
  answer,
  type CellAgents,
  checkDepth,
  DEFAULT_AGENT_TIMEOUT_MS,
  runSubAgent,
} from '../agent/agent-tool.js';
import { ApprovalQueue } from '../approval/approval-queue.js';
import type { CycleConfig } from '../cycle/cycle-config.js';
import { cycleConfigFrom } from '../cycle/cycle-settings.js';
import { type PreparedRoots, prepareRoots } from '../governance/sandbox-path.js';
import { type CellMcps, McpServers } from '../mcp/client/cell-mcps.js';
import type { AuditEvent } from '../pipeline/audit-event.js';
import { ignoreRejection } from '../pipeline/ignore-rejection.js';
import { judgeFoundRead } from '../pipeline/may-read.js';
import { type CellPlugins, PluginHost } from '../plugin/plugin-host.js';
import { checkPluginSpecs } from '../plugin/plugin-spec.js';
import { type AnyHandler, type RegisteredTool, registerTool } from '../registry/registered-tool.js';
import type { ToolSource } from '../registry/tool-source.js';
import { CellSandbox } from '../sandbox/cell-sandbox.js';
import { resolveSandbox } from '../sandbox/sandbox-settings.js';
import type { Zone } from '../zone/zone.js';
import { zoneFrom } from '../zone/zone-source.js';
import { type CellEvent, CellEvents } from './cell-events.js';
import { engineToolName, resolveCellNames } from './cell-names.js';
import { CellSources } from './cell-sources.js';
import type { CellSpec } from './cell-spec.js';
import type { Engine } from './create-engine.js';
import { Run, type RunParams } from './run.js';
import { type SdkTool, sdkDefinition, sdkOrigin } from './sdk-tool.js';
import { SessionStates } from './session-states.js';

/** How many audit events a cell keeps in memory; a consumer who needs them all passes `onAudit`. */
const AUDIT_KEPT = 1000;

/** The SDK-closure source of a cell: tools registered and unregistered while it lives. */
export interface CellTools {
  register<const TParameters extends TObject>(tool: SdkTool<TParameters>): void;
  unregister(name: string): boolean;
}

/**
 * A cell: the engine's tools plus what its consumer registers, one work folder and its governance. Runs
 * come from `cell.run(params)`; `cell.stop()` cancels them and refuses new ones.
 */
export class Cell {
  readonly id = randomUUID();
  readonly engine: Engine;
  readonly spec: CellSpec;
  readonly dataDir: string;
  /** The cell's Zone policy, checked when the cell was created. */
  readonly zone: Zone | undefined;
  /** The OS sandbox of the cell's child processes. */
  readonly sandbox: CellSandbox;
  /** The thresholds of its runs' CycleDetectors (`spec.cycle` over the defaults). */
  readonly cycleConfig: CycleConfig;
  /** Calls a person approved for their session (session, tool, rule, canonical arguments). */
  readonly sessionApprovals = new Set<string>();
  /** The cell's progress, log and source events (the runtime's own parts emit them; read `onEvent`). */
  readonly events = new CellEvents();
  readonly #tools = new Map<string, RegisteredTool>();
  readonly #sources = new CellSources(
    (name) => this.#ownerOf(name),
    (sourceId, message) =>
      this.events.emit({
        kind: 'source',
        cellId: this.id,
        sourceId,
        state: 'warning',
        message,
        at: new Date().toISOString(),
      }),
  );
  readonly #disabled: ReadonlySet<string>;
  readonly #stopping = new AbortController();
  readonly #audit: AuditEvent[] = [];
  readonly #auditListeners = new Set<(event: AuditEvent) => void>();
  readonly #approvals = new ApprovalQueue();
  /** The cell's runs by id, held weakly: an entry goes when its run is garbage. */
  readonly #runs = new Map<string, WeakRef<Run>>();
  readonly #forgetRun = new FinalizationRegistry<string>((id) => {
    this.#runs.delete(id);
    this.#runEnded(id);
  });
  readonly #runEndListeners = new Set<(runId: string) => void>();
  readonly #ended = new Set<string>();
  readonly #sessions = new SessionStates();
  /** The cell's MCP servers, made on first use. */
  #mcps: McpServers | undefined;
  /** Sub-agents offered to delegating tools, by name. */
  readonly #delegates = new Map<string, AgentToolConfig>();
  readonly #plugins: PluginHost;
  readonly #adapters: readonly AdapterSource[];
  #preparedRoots: PreparedRoots | undefined;

  constructor(engine: Engine, spec: CellSpec) {
    if (typeof spec?.workDir !== 'string' || spec.workDir === '') throw new Error('a cell needs a workDir');
    const plugins = checkPluginSpecs(spec.plugins);
    this.engine = engine;
    // Aliases in the name lists become the tools' own names; an unknown engine name is an error now.
    const names = resolveCellNames(engine, spec);
    // A frozen copy: changing the spec's lists after the cell is created changes nothing of it.
    this.spec = Object.freeze({
      ...spec,
      workDir: resolve(spec.workDir),
      ...(spec.allowPaths === undefined ? {} : { allowPaths: Object.freeze([...spec.allowPaths]) }),
      ...(spec.denyPaths === undefined ? {} : { denyPaths: Object.freeze([...spec.denyPaths]) }),
      ...(spec.defaults === undefined ? {} : { defaults: Object.freeze({ ...spec.defaults }) }),
      ...(spec.plugins === undefined ? {} : { plugins }),
      ...(spec.disabledEngineSkills === undefined ? {} : { disabledEngineSkills: Object.freeze([...names.disabled]) }),
      ...(names.extraCategories === undefined ? {} : { extraCategories: names.extraCategories }),
      ...(names.extraProgressAware === undefined
        ? {}
        : { extraProgressAware: Object.freeze(names.extraProgressAware) }),
    });
    this.#disabled = names.disabled;
    this.cycleConfig = cycleConfigFrom(spec.cycle);
    this.zone = spec.zone === undefined ? undefined : zoneFrom(spec.zone, this.spec.workDir);
    this.sandbox = new CellSandbox(resolveSandbox(spec.sandbox, this.spec.workDir));
    this.dataDir = spec.dataDir ?? mkdtempSync(join(tmpdir(), 'wesgine-cell-'));
    mkdirSync(this.dataDir, { recursive: true });
    // An adapter field without an adapter, or one its adapter refuses, throws here.
    this.#adapters = createAdapterSources(this);
    for (const source of this.#adapters) this.#sources.add(source);
    // Last: nothing may throw once programs start.
    this.#plugins = new PluginHost(this, plugins, (source) => this.#sources.add(source));
    this.#plugins.start();
  }

  /**
   * Resolves once every plugin of `CellSpec.plugins` is started and its tools registered, and every
   * adapter is in working order (its first index built, its display found); rejects with an error naming
   * each plugin or adapter that failed and why (the cell works with the others meanwhile).
   */
  async ready(): Promise<void> {
    const [plugins, adapters] = await Promise.allSettled([this.#plugins.ready(), adaptersReady(this.#adapters)]);
    if (plugins.status === 'rejected' && adapters.status === 'rejected') {
      throw new Error(`${(plugins.reason as Error).message}; ${(adapters.reason as Error).message}`);
    }
    if (plugins.status === 'rejected') throw plugins.reason;
    if (adapters.status === 'rejected') throw adapters.reason;
  }

  /**
   * Whether governance would let `tool` read a file that was not named by a call (an indexer's find),
   * given as a real absolute path: Hardline, the cell's roots and its Zone, where a rule that would ask
   * counts as no. Touches no file; the same judgement as a handler's `context.mayRead`.
   */
  mayRead(tool: string, realPath: string): boolean {
    const { workDir, allowPaths = [], denyPaths = [] } = this.spec;
    const roots = { workDir, allowPaths, denyPaths };
    this.#preparedRoots ??= prepareRoots(roots);
    return judgeFoundRead(
      { roots, preparedRoots: this.#preparedRoots, zone: this.zone },
      tool,
      'exploration',
      realPath,
    );
  }

  /**
   * Calls `listener` with the id of each run of this cell that ends: `run.end()` was called, the run was
   * garbage-collected, or the cell stopped. What a tool keeps for a run (a browser session) goes then.
   * Returns the function that stops it.
   */
  onRunEnd(listener: (runId: string) => void): () => void {
    this.#runEndListeners.add(listener);
    return () => this.#runEndListeners.delete(listener);
  }

  /** The cell's plugins: their states, tools, processes and last errors. */
  plugins(): CellPlugins {
    return { list: () => this.#plugins.list() };
  }

  tools(): CellTools {
    return {
      register: (tool) => {
        const definition = sdkDefinition(tool);
        const origin = sdkOrigin(tool, `cell ${this.id}`);
        const engineTool = this.engineTool(definition.name);
        if (engineTool !== undefined) {
          throw new Error(
            `'${definition.name}' is an engine tool (from ${engineTool.provenance}); choose another name, or disable the engine's with disabledEngineSkills`,
          );
        }
        if (this.#tools.has(definition.name)) {
          throw new Error(`'${definition.name}' is registered already; unregister it first`);
        }
        const sourced = this.#sources.get(definition.name);
        if (sourced !== undefined) {
          throw new Error(
            `'${definition.name}' is a tool of source ${sourced.sourceId} (${sourced.provenance}); choose another name`,
          );
        }
        this.#tools.set(definition.name, registerTool(definition, tool.handler as AnyHandler, 'sdk', origin));
      },
      unregister: (name) => {
        if (!this.#tools.delete(name)) return false;
        this.#sources.freed(name);
        return true;
      },
    };
  }

  /**
   * The cell's MCP, plugin and adapter sources. A name belongs to one tool in a cell: a source's tool
   * whose name is in use already is left out, listed by `conflicts()` and told as a `source` event with
   * state `warning`; adding a second source with the same id is refused.
   */
  sources(): {
    add(source: ToolSource): void;
    remove(id: string): Promise<boolean>;
    ids(): string[];
    conflicts(): ReadonlyMap<string, string>;
  } {
    return this.#sources;
  }

  /**
   * The cell's MCP servers: `upsert(config)` connects one and registers its tools (source `mcp:<name>`),
   * `deregister(name)` removes it, `list()` tells each one's state. `cell.stop()` stops them all.
   */
  mcps(): CellMcps {
    if (this.#mcps === undefined) {
      this.#mcps = new McpServers(this);
      if (this.#stopping.signal.aborted) this.#mcps.stop();
    }
    return this.#mcps;
  }

  /** An engine tool this cell offers (not disabled), by its name or an alias. */
  engineTool(name: string): RegisteredTool | undefined {
    const canonical = engineToolName(this.engine, name);
    return canonical === undefined || this.#disabled.has(canonical) ? undefined : this.engine.tools.get(canonical);
  }

  /**
   * The own name of the tool `name` means in this cell (an SDK or source tool, or an engine tool by its
   * name or an alias, disabled ones included), or undefined when the cell knows no such tool now.
   */
  toolName(name: string): string | undefined {
    return this.cellTool(name)?.definition.name ?? engineToolName(this.engine, name);
  }

  /** Every name the cell knows now, aliases included: the candidates of "did you mean". */
  knownNames(): string[] {
    return [
      ...this.engine.tools.keys(),
      ...this.engine.aliases.keys(),
      ...this.#tools.keys(),
      ...[...this.#sources.all()].map((tool) => tool.definition.name),
    ];
  }

  /** A tool registered on this cell. */
  cellTool(name: string): RegisteredTool | undefined {
    return this.#tools.get(name) ?? this.#sources.get(name);
  }

  /** Every listed tool of the cell, engine's first; a run narrows and extends this. */
  allTools(): RegisteredTool[] {
    const { unlisted } = this.engine;
    const engine = [...this.engine.tools.values()].filter(
      ({ definition }) => !this.#disabled.has(definition.name) && !unlisted.has(definition.name),
    );
    return [...engine, ...this.#tools.values(), ...this.#sources.all()];
  }

  run(params: RunParams = {}): Run {
    if (this.#stopping.signal.aborted) throw new Error('the cell is stopped');
    const run = new Run(
      this,
      params,
      this.#stopping.signal,
      (id) => this.#runEnded(id),
      (event) => {
        this.#audit.push(event);
        // Trimmed in batches: one copy per thousand calls rather than one per call.
        if (this.#audit.length >= 2 * AUDIT_KEPT) this.#audit.splice(0, this.#audit.length - AUDIT_KEPT);
        // A listener that throws must not turn a finished call into a throw out of run.call.
        const { onAudit } = this.spec;
        if (onAudit !== undefined) {
          try {
            ignoreRejection(onAudit(event));
          } catch {}
        }
        // A copy only when someone listens: a listener may stop listening from inside.
        if (this.#auditListeners.size === 0) return;
        for (const listener of [...this.#auditListeners]) {
          try {
            ignoreRejection(listener(event));
          } catch {}
        }
      },
    );
    this.#runs.set(run.id, new WeakRef(run));
    this.#forgetRun.register(run, run.id);
    return run;
  }

  /** A run of this cell by id, while something still holds it (a sub-agent tool finds its caller's run). */
  findRun(id: string): Run | undefined {
    return this.#runs.get(id)?.deref();
  }

  /**
   * Sub-agents: `asTool` registers a tool `{ task }` whose handler runs an agent loop in a child run;
   * `define` offers one to delegating tools (`delegate_task`).
   */
  agents(): CellAgents {
    return {
      define: (given: AgentToolConfig) => {
        const config = fixedConfig(given);
        checkDepth(config);
        if (typeof config.name !== 'string' || config.name === '') throw new Error('a sub-agent needs a name');
        if (this.#delegates.has(config.name)) throw new Error(`a sub-agent named '${config.name}' is defined already`);
        // A broken zone is reported now, not when the first task arrives.
        if (config.zone !== undefined) zoneFrom(config.zone, this.spec.workDir);
        this.#delegates.set(config.name, config);
      },
      defined: () => [...this.#delegates.keys()].sort(),
      asTool: (given: AgentToolConfig) => {
        const tool = agentTool(this, fixedConfig(given));
        // The checks and the naming rule of every cell tool, then kept under its own source kind.
        this.tools().register(tool);
        const definition = sdkDefinition(tool);
        const handler = tool.handler as AnyHandler;
        this.#tools.set(definition.name, registerTool(definition, handler, 'agent', `agent ${definition.name}`));
      },
    };
  }

  /** The state tools keep for a session (or a session-less run, by its id). */
  sessionState(id: string): ToolSession {
    return this.#sessions.session(id);
  }

  /** A copy of a session's tool state (its plan, its read ledger), or undefined when it has none. */
  sessionSnapshot(id: string): Readonly<Record<string, unknown>> | undefined {
    return this.#sessions.snapshot(id);
  }

  /** The sub-agents `run`'s tools may delegate to; none when the cell defines none. */
  delegates(run: Run): ToolAgents | undefined {
    if (this.#delegates.size === 0) return undefined;
    return {
      names: [...this.#delegates.keys()].sort(),
      run: async (task, signal) => {
        const config = this.#delegates.get(task.agent);
        if (config === undefined) {
          const known = [...this.#delegates.keys()].sort().join(', ');
          throw new ToolError('invalid_arguments', `there is no sub-agent '${task.agent}'; the ones defined: ${known}`);
        }
        const timeoutMs = config.timeoutMs ?? DEFAULT_AGENT_TIMEOUT_MS;
        const limited = AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
        const { result, runId } = await runSubAgent(this, config, run, task.prompt, limited);
        if (result.stopped === 'aborted' && !signal.aborted) {
          throw new ToolError('timeout', `the sub-agent ${config.name} did not finish within ${timeoutMs} ms`);
        }
        const shaped = answer(config.name, result, runId);
        return { text: shaped.text, stopped: result.stopped, turns: result.turns, runId };
      },
    };
  }

  /** The audit events of this cell's latest calls (up to 1,000), oldest first; `onAudit` sees them all. */
  auditLog(): readonly AuditEvent[] {
    return this.#audit.slice(-AUDIT_KEPT);
  }

  /** Calls `listener` with every audit event from now on; returns the function that stops it. */
  onAudit(listener: (event: AuditEvent) => void): () => void {
    this.#auditListeners.add(listener);
    return () => this.#auditListeners.delete(listener);
  }

  /** Calls `listener` with every progress, log and source event from now on; returns the function that stops it. */
  onEvent(listener: (event: CellEvent) => void): () => void {
    return this.events.on(listener);
  }

  /**
   * The cell's approval queue: a human channel that parks questions until `decide` answers them. Pass it
   * as `human` to `cell.run` when the human answers from elsewhere (the HTTP API does).
   */
  approvals(): ApprovalQueue {
    return this.#approvals;
  }

  async stop(): Promise<void> {
    this.#stopping.abort();
    for (const id of this.#runs.keys()) this.#runEnded(id);
    this.#mcps?.stop();
    await Promise.all([this.#sources.closeAll(), this.sandbox.stopAll()]);
  }

  /** Tells the run-end listeners once per run. */
  #runEnded(id: string): void {
    if (this.#ended.has(id)) return;
    this.#ended.add(id);
    this.#runs.delete(id);
    for (const listener of [...this.#runEndListeners]) {
      try {
        ignoreRejection(listener(id));
      } catch {}
    }
  }

  #ownerOf(name: string): string | undefined {
    const engineTool = this.engineTool(name);
    if (engineTool !== undefined) return `the engine (${engineTool.provenance})`;
    const own = this.#tools.get(name);
    if (own === undefined) return undefined;
    return own.pack === undefined ? 'an SDK tool of the cell' : `an SDK tool of the cell (from ${own.provenance})`;
  }
}

/** A sub-agent's config as it was given: later changes to the object (or its tool list) change nothing. */
function fixedConfig(config: AgentToolConfig): AgentToolConfig {
  if (typeof config !== 'object' || config === null) throw new Error('a sub-agent needs a config object');
  const { tools } = config;
  return Object.freeze({ ...config, ...(Array.isArray(tools) ? { tools: Object.freeze([...tools]) } : {}) });
}
