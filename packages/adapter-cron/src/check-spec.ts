import type { CronSpec } from '@wesgine/runtime';

/** Checks `CellSpec.cron` and throws an `Error` saying what to change; returns the checked copy. */
export function checkSpec(given: unknown): CronSpec {
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    throw new Error('cron must be an object such as {} or { missed: "skip" }');
  }
  const spec = given as Record<string, unknown>;
  const known = new Set(['missed', 'maxJobs', 'agent']);
  for (const key of Object.keys(spec)) {
    if (!known.has(key)) throw new Error(`cron has no field '${key}'; its fields are missed, maxJobs and agent`);
  }
  const { missed, maxJobs, agent } = spec;
  if (missed !== undefined && missed !== 'once' && missed !== 'skip') {
    throw new Error(`cron.missed must be "once" or "skip", not ${JSON.stringify(missed)}`);
  }
  if (
    maxJobs !== undefined &&
    !(Number.isInteger(maxJobs) && (maxJobs as number) >= 1 && (maxJobs as number) <= 10_000)
  ) {
    throw new Error(`cron.maxJobs must be a whole number from 1 to 10000, not ${JSON.stringify(maxJobs)}`);
  }
  if (agent !== undefined) checkAgent(agent);
  return Object.freeze({ ...(spec as CronSpec) });
}

function checkAgent(agent: unknown): void {
  if (typeof agent !== 'object' || agent === null) {
    throw new Error('cron.agent must be an object { client, system?, maxTurns?, tools?, timeoutMs? }');
  }
  const { client, system, maxTurns, tools, timeoutMs } = agent as Record<string, unknown>;
  if (typeof (client as { complete?: unknown } | undefined)?.complete !== 'function') {
    throw new Error(
      'cron.agent.client must be a model client (an object with complete(), such as openAiChatClient(...))',
    );
  }
  if (system !== undefined && typeof system !== 'string') throw new Error('cron.agent.system must be a string');
  if (maxTurns !== undefined && !(Number.isInteger(maxTurns) && (maxTurns as number) >= 1)) {
    throw new Error(`cron.agent.maxTurns must be a whole number of at least 1, not ${JSON.stringify(maxTurns)}`);
  }
  if (tools !== undefined && !(Array.isArray(tools) && tools.every((name) => typeof name === 'string'))) {
    throw new Error('cron.agent.tools must be a list of tool names');
  }
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && (timeoutMs as number) >= 1)) {
    throw new Error(`cron.agent.timeoutMs must be a whole number of milliseconds, not ${JSON.stringify(timeoutMs)}`);
  }
}
