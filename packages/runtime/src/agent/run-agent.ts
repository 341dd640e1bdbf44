import type { Run } from '../engine/run.js';
import type { ToolResult } from '../pipeline/tool-result.js';
import type { ModelClient, ModelMessage, ModelReply, ModelToolCall } from './model-client.js';

export interface RunAgentOptions {
  /** The run whose tools the model may call; every call walks its pipeline and its CycleDetector. */
  readonly run: Run;
  readonly client: ModelClient;
  /** The user's message. */
  readonly prompt: string;
  readonly system?: string;
  /** How many model replies at most; 20 when absent. */
  readonly maxTurns?: number;
  /**
   * Ends the loop between steps and cancels the model request in flight. To cancel a tool call in flight
   * too, create the run with the same signal (`cell.run({ signal })`).
   */
  readonly signal?: AbortSignal;
}

/**
 * Why the loop ended. `done`: the model answered without tool calls. `max_turns`: it still wanted tools
 * after the last allowed reply. `cycle_blocked`, `escalated`: the CycleDetector stopped a call (a loop, or
 * the same failure again and again). `aborted`: the signal fired or the cell stopped. `model_error`: the
 * client threw (see `error`).
 */
export type AgentStop = 'done' | 'max_turns' | 'cycle_blocked' | 'escalated' | 'aborted' | 'model_error';

export interface AgentResult {
  /** The model's last text (empty when its last reply had only tool calls). */
  readonly text: string;
  /** The whole conversation: system, prompt, replies and tool results, in order. */
  readonly messages: readonly ModelMessage[];
  /** How many replies the model gave. */
  readonly turns: number;
  readonly stopped: AgentStop;
  /** What the client threw, when `stopped` is `model_error`. */
  readonly error?: Error;
  /** The tool result that ended the loop, when a call did (`cycle_blocked`, `escalated`, an aborted call). */
  readonly stoppedBy?: ToolResult;
}

export const DEFAULT_MAX_TURNS = 20;

/**
 * The minimal agent loop: ask the model, run the tool calls it makes one after the other through
 * `run.call`, give it the results, and again, until it answers without tool calls. A failed call goes
 * back to the model as a result it can act on. The loop stops at once, without running the rest of the
 * turn's calls, when a call was blocked as a cycle, escalated, or aborted.
 */
export async function runAgent(options: RunAgentOptions): Promise<AgentResult> {
  const { run, client, signal } = options;
  // A function, not a narrowed property: the signal may fire while the loop awaits.
  const aborted = () => signal?.aborted === true;
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
  if (!Number.isInteger(maxTurns) || maxTurns < 1) {
    throw new RangeError(`maxTurns must be a whole number of at least 1, not ${String(maxTurns)}`);
  }
  const messages: ModelMessage[] = [];
  if (options.system !== undefined) messages.push({ role: 'system', content: options.system });
  messages.push({ role: 'user', content: options.prompt });
  run.userTurn();

  let text = '';
  let turns = 0;
  const end = (stopped: AgentStop, extra: { error?: Error; stoppedBy?: ToolResult } = {}): AgentResult => ({
    text,
    messages,
    turns,
    stopped,
    ...extra,
  });

  while (turns < maxTurns) {
    if (aborted()) return end('aborted');
    let reply: ModelReply;
    try {
      reply = await client.complete({ messages, tools: run.tools(), ...(signal === undefined ? {} : { signal }) });
    } catch (thrown) {
      if (aborted()) return end('aborted');
      return end('model_error', { error: thrown instanceof Error ? thrown : new Error(String(thrown)) });
    }
    turns += 1;
    text = reply.text;
    const calls = reply.toolCalls;
    messages.push(
      calls.length === 0
        ? { role: 'assistant', content: text }
        : { role: 'assistant', content: text, toolCalls: calls },
    );
    if (calls.length === 0) return end('done');

    for (const [index, call] of calls.entries()) {
      const result = await callOne(run, call);
      messages.push(toolMessage(call, result));
      const byResult = stopOn(result);
      const stopped = byResult ?? (aborted() ? 'aborted' : undefined);
      if (stopped !== undefined) {
        for (const skipped of calls.slice(index + 1)) messages.push(notRun(skipped));
        return end(stopped, byResult === undefined ? {} : { stoppedBy: result });
      }
    }
  }
  return end('max_turns');
}

/** The results that end the loop: a call blocked as a cycle, an escalation, a cancelled call. */
function stopOn(result: ToolResult): AgentStop | undefined {
  if (result.code === 'cycle_blocked') return 'cycle_blocked';
  if (result.escalated === true) return 'escalated';
  if (result.code === 'aborted') return 'aborted';
  return undefined;
}

/** Runs one call; arguments the client could not read are answered here, as the pipeline would. */
function callOne(run: Run, call: ModelToolCall): Promise<ToolResult> {
  if (call.argsError === undefined) {
    return run.call(call.name, call.args, call.dialect === undefined ? {} : { dialect: call.dialect });
  }
  return Promise.resolve({
    isError: true,
    code: 'invalid_arguments',
    text: `${call.argsError}\n${call.name} was not run; call it again with its arguments as one JSON object.`,
  });
}

/** The text the model reads: a failure starts with its code, so the model knows the call failed and why. */
function toolMessage(call: ModelToolCall, result: ToolResult): ModelMessage {
  if (!result.isError) return { role: 'tool', callId: call.id, name: call.name, content: result.text };
  const content = `Error (${result.code ?? 'handler_failed'}): ${result.text}`;
  return { role: 'tool', callId: call.id, name: call.name, content, isError: true };
}

/** Every call of a reply gets an answer, so the conversation stays valid for a provider if it goes on. */
function notRun(call: ModelToolCall): ModelMessage {
  const content = 'Not run: the agent loop stopped at an earlier call of the same reply.';
  return { role: 'tool', callId: call.id, name: call.name, content, isError: true };
}
