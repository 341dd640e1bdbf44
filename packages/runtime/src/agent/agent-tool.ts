import { type Static, ToolError, Type, toolNameProblem } from '@wesgine/schema';
import type { Cell } from '../engine/cell.js';
import { type Run, unknownName } from '../engine/run.js';
import type { SdkTool } from '../engine/sdk-tool.js';
import { type ZoneSource, zoneFrom } from '../zone/zone-source.js';
import type { ModelClient } from './model-client.js';
import { type AgentResult, runAgent } from './run-agent.js';

export interface AgentToolConfig {
  /** The tool's name, also the sub-agent's id in audit events. */
  readonly name: string;
  /** What the calling model reads to decide when to delegate. */
  readonly description: string;
  readonly client: ModelClient;
  readonly system?: string;
  /**
   * The tools the sub-agent may use, by name or alias. Always narrowed to what the calling run sees: a
   * name the caller cannot see is dropped; a name no tool of the cell has is an error when a task starts.
   * Absent: every tool the caller sees.
   */
  readonly tools?: readonly string[];
  /** Model replies per task; the agent loop's default (20) when absent. */
  readonly maxTurns?: number;
  /**
   * How deep sub-agents may nest, counting the sub-agent this tool starts as 1. The default, 1, means the
   * sub-agent sees no sub-agent tools; 2 lets it delegate once more. A nested sub-agent tool can only
   * lower the limit its callers set, never raise it.
   */
  readonly maxDepth?: number;
  /**
   * A Zone for the sub-agent's runs: it narrows the caller's (both apply, the strictest wins), never
   * widens it. A path is relative to the cell's `workDir`.
   */
  readonly zone?: ZoneSource;
  /** The time limit of one delegated task (a sub-agent makes many model requests); 10 minutes when absent. */
  readonly timeoutMs?: number;
}

/** Sub-agents of a cell. */
export interface CellAgents {
  /** Registers a tool `{ task }` that hands the task to a sub-agent and returns its final answer. */
  asTool(config: AgentToolConfig): void;
  /**
   * Offers a sub-agent to tools that delegate (`delegate_task`, by `config.name`); `general` is the one
   * they use when the model names none. A name can be defined once.
   */
  define(config: AgentToolConfig): void;
  /** The names `define` offered, sorted. */
  defined(): string[];
}

export const AgentTask = Type.Object({
  task: Type.String({
    minLength: 1,
    description: 'The whole task for the sub-agent: it sees nothing of this conversation but this text.',
  }),
});

/** The time limit of one delegated task when the sub-agent's config sets none: 10 minutes. */
export const DEFAULT_AGENT_TIMEOUT_MS = 600_000;

/**
 * The SDK tool behind `cell.agents().asTool(config)`. Its handler finds the calling run, starts a child
 * run on the same cell (the caller's actor, session, human channel and run zone; a fresh CycleDetector;
 * the caller's visible tools narrowed by `config.tools` and the depth limit) and runs the agent loop on
 * the task.
 */
export function agentTool(cell: Cell, config: AgentToolConfig): SdkTool<typeof AgentTask> {
  checkDepth(config);
  const { name } = config;
  return {
    name,
    description: config.description,
    parameters: AgentTask,
    meta: { timeoutMs: config.timeoutMs ?? DEFAULT_AGENT_TIMEOUT_MS },
    handler: async ({ task }: Static<typeof AgentTask>, context) => {
      const parent = cell.findRun(context.runId);
      if (parent === undefined) throw new ToolError('internal', `${name} could not find the run that called it`);
      const { result, runId } = await runSubAgent(cell, config, parent, task, context.signal);
      return answer(name, result, runId);
    },
  };
}

/**
 * Throws when `maxDepth` of a sub-agent's config is not a whole number of at least 1, or its `tools` is
 * not a list of names a tool can have. (Whether a tool of that name exists is checked when a task
 * starts: the cell may get it later.)
 */
export function checkDepth(config: AgentToolConfig): void {
  const maxDepth = config.maxDepth ?? 1;
  if (!Number.isInteger(maxDepth) || maxDepth < 1) {
    throw new RangeError(`maxDepth of '${config.name}' must be a whole number of at least 1, not ${String(maxDepth)}`);
  }
  if (config.tools === undefined) return;
  if (!Array.isArray(config.tools)) throw new Error(`the tools of sub-agent '${config.name}' must be a list of names`);
  for (const name of config.tools) {
    const problem = toolNameProblem(name);
    if (problem !== undefined)
      throw new Error(`the tools of sub-agent '${config.name}' name something that cannot be a tool: ${problem}`);
  }
}

/**
 * Runs one task on a sub-agent in a child run of `parent` on the same cell: the caller's actor, session,
 * human channel and run zone; a fresh CycleDetector; the caller's visible tools narrowed by
 * `config.tools` and the depth limit. Refuses (`not_allowed`) past the depth limit.
 */
export async function runSubAgent(
  cell: Cell,
  config: AgentToolConfig,
  parent: Run,
  prompt: string,
  signal: AbortSignal,
): Promise<{ result: AgentResult; runId: string }> {
  const { name } = config;
  const maxDepth = config.maxDepth ?? 1;
  const depth = parent.depth + 1;
  const limit = Math.min(maxDepth, parent.depthLimit ?? maxDepth);
  if (depth > limit) {
    throw new ToolError('not_allowed', `${name} would start a sub-agent ${depth} levels deep; the limit is ${limit}`);
  }
  const child = childRun(cell, parent, config, limit, signal);
  const result = await runAgent({
    run: child,
    client: config.client,
    prompt,
    signal,
    ...(config.system === undefined ? {} : { system: config.system }),
    ...(config.maxTurns === undefined ? {} : { maxTurns: config.maxTurns }),
  });
  return { result, runId: child.id };
}

/**
 * The child run: what the parent sees, intersected with `wanted` (aliases resolved); at the depth limit
 * the run itself leaves out the tools that delegate. A wanted name no tool of the cell has is an error.
 */
function childRun(cell: Cell, parent: Run, config: AgentToolConfig, depthLimit: number, signal: AbortSignal): Run {
  const { params } = parent;
  const { name } = config;
  const zone = childZone(cell, params.zone, config.zone);
  const wanted = wantedNames(parent, config);
  const visible = parent
    .tools()
    .map((tool) => tool.name)
    .filter((tool) => wanted === undefined || wanted.has(tool));
  const shown = new Set(visible);
  const own = (params.tools ?? []).filter((tool) => shown.has(tool.name));
  return cell.run({
    agent: { id: name, tools: visible },
    parent,
    depthLimit,
    signal,
    ...(own.length === 0 ? {} : { tools: own }),
    ...(params.actor === undefined ? {} : { actor: params.actor }),
    ...(params.sessionId === undefined ? {} : { sessionId: params.sessionId }),
    ...(params.human === undefined ? {} : { human: params.human }),
    ...(zone === undefined ? {} : { zone }),
  });
}

/** `config.tools` by the tools' own names (`search_files` is `grep`); undefined when it lists none. */
function wantedNames(parent: Run, config: AgentToolConfig): ReadonlySet<string> | undefined {
  if (config.tools === undefined) return undefined;
  const names = new Set<string>();
  for (const wanted of config.tools) {
    const own = parent.toolName(wanted);
    if (own === undefined) {
      throw new ToolError(
        'invalid_definition',
        `the tools of sub-agent ${config.name} ${unknownName(wanted, parent.knownNames())}`,
      );
    }
    names.add(own);
  }
  return names;
}

/** The caller's run zone narrowed by the sub-agent's own, when either is set (the cell's applies anyway). */
function childZone(cell: Cell, caller: ZoneSource | undefined, own: ZoneSource | undefined): ZoneSource | undefined {
  if (own === undefined) return caller;
  const ownZone = zoneFrom(own, cell.spec.workDir);
  return caller === undefined ? ownZone : zoneFrom(caller, cell.spec.workDir).narrow(ownZone);
}

const UNFINISHED: Partial<Record<AgentResult['stopped'], string>> = {
  max_turns: 'ran out of turns before it finished',
  cycle_blocked: 'was stopped because it kept repeating the same calls',
  escalated: 'was stopped because the same call kept failing',
};

/** The child's final text for the calling model; a stop short of an answer says so first. */
export function answer(name: string, result: AgentResult, runId: string): { text: string; data: unknown } {
  const data = { turns: result.turns, stopped: result.stopped, runId };
  if (result.stopped === 'done') return { text: result.text, data };
  if (result.stopped === 'aborted') throw new ToolError('aborted', `${name} was cancelled`);
  if (result.stopped === 'model_error') {
    throw new ToolError('unavailable', `${name} could not get an answer from its model: ${result.error?.message}`);
  }
  const detail = result.stoppedBy?.text ?? result.text;
  const lead = `The sub-agent ${name} ${UNFINISHED[result.stopped]} (after ${result.turns} turn${result.turns === 1 ? '' : 's'}).`;
  return { text: detail === '' ? lead : `${lead}\n\n${detail}`, data };
}
