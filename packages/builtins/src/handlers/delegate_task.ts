import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { DelegateTaskArgs } from '../../generated/types.gen.js';

/** The sub-agent used when the model names none. */
const DEFAULT_AGENT = 'general';

/**
 * Hands a task to one of the cell's sub-agents (`cell.agents().define`) and returns its final answer.
 * The runtime runs it in a child run: the caller's tools narrowed by the sub-agent's, the caller's zone,
 * a fresh CycleDetector, a depth limit (1 by default: a sub-agent cannot delegate again).
 */
export const delegateTask: ToolHandler<DelegateTaskArgs> = async (args, context) => {
  const { agents } = context;
  if (agents === undefined) {
    throw new ToolError(
      'unavailable',
      'No sub-agents are configured for this cell, so the task cannot be delegated; do it yourself.',
    );
  }
  const agent = args.agent ?? DEFAULT_AGENT;
  if (!agents.names.includes(agent)) {
    throw new ToolError(
      'invalid_arguments',
      `There is no sub-agent '${agent}'; choose one of: ${agents.names.join(', ')}.`,
    );
  }
  const answer = await agents.run({ agent, description: args.description, prompt: args.prompt }, context.signal);
  return { text: answer.text, data: { agent, stopped: answer.stopped, turns: answer.turns, runId: answer.runId } };
};
