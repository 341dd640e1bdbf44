import type { AgentToolConfig, ModelClient, ModelMessage, ModelReply, ModelToolCall } from '@wesgine/runtime';

/** The task the looping agent hands to a helper: a fresh copy of itself, one level down. */
export const HELPER_TASK = 'Read notes/todo.md and tell me what is on it.';

/** The file the helper reads again and again. */
export const TODO_FILE = 'notes/todo.md';
/** The file that is not there: the agent's failing reads. */
export const MISSING_FILE = 'notes/missing.md';

/** How often the helper reads `TODO_FILE`: the repeat rule warns at 3 and 4 and blocks the 5th. */
export const TODO_READS = 5;
/** How often the agent reads `MISSING_FILE`: the third `not_found` in a row escalates to a person. */
export const MISSING_READS = 3;

/** What the agent answers once the person let it go on. */
export const LOOPING_ANSWER = [
  `My helper read ${TODO_FILE} until it was blocked for repeating itself,`,
  `and ${MISSING_FILE} is not there: I tried it ${MISSING_READS} times before a person was asked.`,
  'Next time I would read each file once and look at the folder before guessing a name.',
].join(' ');

/**
 * The scripted model behind `looping_agent`: it loops on purpose, so the playground can show the
 * CycleDetector at work. An agent loop stops for good at a blocked call, so the walk takes two agents,
 * both this tool (its depth limit is 2), and every one of their calls carries `agentId: 'looping_agent'`:
 *
 * 1. the agent hands `HELPER_TASK` to a helper (`looping_agent` again), which reads `TODO_FILE`
 *    `TODO_READS` times: warned at the 3rd and 4th, blocked at the 5th, and stopped there;
 * 2. the agent then reads `MISSING_FILE` `MISSING_READS` times; the third failure escalates, and a person
 *    is asked through the approval queue (stage `cycle`, rule `failures`);
 * 3. approved, it answers `LOOPING_ANSWER`; denied, the loop ends there.
 *
 * The script is chosen by the task and the step by the replies so far, so each task starts its script
 * afresh and runs side by side with others without sharing any state.
 */
export function loopingClient(): ModelClient {
  return {
    async complete(request): Promise<ModelReply> {
      request.signal?.throwIfAborted();
      const task = request.messages.find((message) => message.role === 'user')?.content;
      const step = request.messages.filter((message) => message.role === 'assistant').length;
      return task === HELPER_TASK ? helperStep(step) : agentStep(step, request.messages);
    },
  };
}

/** The helper: `TODO_READS` reads of the same file (the last one is blocked), then an answer it never gets to give. */
function helperStep(step: number): ModelReply {
  if (step < TODO_READS) return callRead(`todo-${step + 1}`, TODO_FILE, 'Let me read the list once more.');
  return { text: 'The list has three items.', toolCalls: [] };
}

/** The agent: the helper first, then `MISSING_READS` reads of a file that is not there, then the answer. */
function agentStep(step: number, messages: readonly ModelMessage[]): ModelReply {
  if (step === 0) {
    const call: ModelToolCall = { id: 'helper-1', name: 'looping_agent', args: { task: HELPER_TASK } };
    return { text: 'I will ask a helper to read the list.', toolCalls: [call] };
  }
  if (step <= MISSING_READS) {
    return callRead(`missing-${step}`, MISSING_FILE, 'The helper got stuck; maybe the notes are in another file.');
  }
  const last = messages.at(-1);
  const goOn = last?.role === 'tool' && last.content.includes('lets you go on');
  return { text: goOn ? LOOPING_ANSWER : 'I stop here.', toolCalls: [] };
}

function callRead(id: string, path: string, text: string): ModelReply {
  return { text, toolCalls: [{ id, name: 'read', args: { path } }] };
}

/**
 * `looping_agent` as the cell registers it (`cell.agents().asTool`): a sub-agent that may use `read` and
 * itself (one level down, where it sees no sub-agent tool and reads only).
 */
export function loopingAgentConfig(): AgentToolConfig {
  return {
    name: 'looping_agent',
    description:
      'A scripted sub-agent that loops on purpose: its helper reads the same file until the CycleDetector blocks it, then it reads a missing file until the repeated failure is escalated to a person. Give it any task.',
    client: loopingClient(),
    tools: ['read', 'looping_agent'],
    maxDepth: 2,
    maxTurns: 10,
    timeoutMs: 600_000,
  };
}
