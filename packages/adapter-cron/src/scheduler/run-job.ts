import { type Cell, type CronSpec, type Run, type RunParams, runAgent } from '@wesgine/runtime';
import type { CronJob, CronRunOutcome } from '../store/cron-store.js';

/** How much of what a run gave back its record keeps. */
const SUMMARY_KEPT = 2000;

/** Ten minutes: how long a prompt run may take unless `agent.timeoutMs` says otherwise. */
const DEFAULT_PROMPT_TIMEOUT_MS = 600_000;

export interface JobOutcome {
  readonly outcome: Exclude<CronRunOutcome, 'running' | 'missed' | 'skipped'>;
  readonly code?: string;
  readonly summary: string;
}

/**
 * Runs one claimed time of a job as a run of the cell: the scheduling call's actor and session, the job
 * as its origin (on every audit event), no human (so a call that would ask is refused), and never more
 * tools or a wider Zone than the run that scheduled it. `cancelled` says the job was cancelled by a call.
 */
export async function runJob(
  cell: Cell,
  spec: CronSpec,
  job: CronJob,
  signal: AbortSignal,
  cancelled: () => boolean,
  started: (runId: string) => void,
): Promise<JobOutcome> {
  // A prompt run has a time limit, on the run itself so that a tool call in flight is cancelled too.
  const timeoutMs = job.task.kind === 'prompt' ? (spec.agent?.timeoutMs ?? DEFAULT_PROMPT_TIMEOUT_MS) : undefined;
  const timeout = timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs);
  const limit = timeout === undefined ? signal : AbortSignal.any([signal, timeout]);
  const timedOut = () => timeout?.aborted === true && !signal.aborted;
  let run: Run;
  try {
    run = cell.run(runParams(cell, spec, job, limit));
  } catch (error) {
    return { outcome: 'error', code: 'unavailable', summary: `the run could not start: ${(error as Error).message}` };
  }
  started(run.id);
  try {
    if (job.task.kind === 'tool') {
      const result = await run.call(job.task.tool, job.task.arguments);
      if (!result.isError) return { outcome: 'ok', summary: kept(result.text) };
      return ended(run.ended, cancelled(), {
        outcome: 'error',
        code: result.code ?? 'handler_failed',
        summary: kept(result.text),
      });
    }
    const agent = spec.agent;
    if (agent === undefined) {
      return {
        outcome: 'error',
        code: 'unavailable',
        summary:
          'the cell has no model for prompt jobs now (CellSpec.cron.agent is not set), so the prompt was not run',
      };
    }
    const result = await runAgent({
      run,
      client: agent.client,
      prompt: job.task.prompt,
      signal: limit,
      ...(agent.system === undefined ? {} : { system: agent.system }),
      ...(agent.maxTurns === undefined ? {} : { maxTurns: agent.maxTurns }),
    });
    if (result.stopped === 'done') return { outcome: 'ok', summary: kept(result.text) };
    if (timedOut()) {
      return {
        outcome: 'error',
        code: 'timeout',
        summary: `the prompt run took longer than ${timeoutMs} ms and was cancelled`,
      };
    }
    const why =
      result.stopped === 'model_error'
        ? `the model failed: ${result.error?.message ?? 'no reason given'}`
        : `the agent stopped (${result.stopped})${result.text === '' ? '' : `: ${result.text}`}`;
    return ended(run.ended, cancelled(), { outcome: 'error', code: result.stopped, summary: kept(why) });
  } catch (error) {
    return { outcome: 'error', code: 'internal', summary: kept(`the run failed: ${(error as Error).message}`) };
  } finally {
    run.end();
  }
}

/** A run cut short by the cell stopping is `interrupted`; one cut short by `cron.cancel` says so. */
function ended(runEnded: boolean, cancelled: boolean, outcome: JobOutcome): JobOutcome {
  if (cancelled) return { outcome: 'error', code: 'aborted', summary: 'cancelled by cron.cancel while it ran' };
  if (runEnded) return { outcome: 'interrupted', summary: 'the cell stopped while it ran; it is not run again' };
  return outcome;
}

function runParams(cell: Cell, spec: CronSpec, job: CronJob, signal: AbortSignal): RunParams {
  const { owner } = job;
  const tools = allowedTools(cell, owner.agentTools, job.task.kind === 'prompt' ? spec.agent?.tools : undefined);
  return {
    ...(owner.actor === undefined ? {} : { actor: owner.actor }),
    ...(owner.sessionId === undefined ? {} : { sessionId: owner.sessionId }),
    origin: { kind: 'cron', id: job.id },
    agent: { id: `cron:${job.id}`, ...(tools === undefined ? {} : { tools }) },
    ...(owner.zone === undefined ? {} : { zone: owner.zone }),
    signal,
  };
}

/**
 * The tools the job's run may call: the scheduling run's list and the agent's list, both when both are
 * set; names the cell does not know now (an MCP server not connected yet) are left out.
 */
function allowedTools(
  cell: Cell,
  owner: readonly string[] | undefined,
  agent: readonly string[] | undefined,
): string[] | undefined {
  if (owner === undefined && agent === undefined) return undefined;
  const own = (names: readonly string[]) =>
    new Set(names.map((name) => cell.toolName(name)).filter((name) => name !== undefined));
  const lists = [owner, agent].filter((list) => list !== undefined).map(own);
  const [first, ...rest] = lists;
  return [...(first ?? [])].filter((name) => rest.every((list) => list.has(name)));
}

function kept(text: string): string {
  return text.length <= SUMMARY_KEPT ? text : `${text.slice(0, SUMMARY_KEPT - 1)}…`;
}
