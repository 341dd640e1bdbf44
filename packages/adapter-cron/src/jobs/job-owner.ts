import { resolve } from 'node:path';
import type { Cell, Run } from '@wesgine/runtime';
import { type ToolContext, ToolError } from '@wesgine/schema';
import type { CronOwner } from '../store/cron-store.js';

/**
 * Who a job runs as, taken from the scheduling call: its actor and session, and the limits of its run
 * (the agent's tool list, the run's own Zone) so that a job never does more than its scheduler could.
 */
export function jobOwner(cell: Cell, run: Run | undefined, context: ToolContext): CronOwner {
  const whitelist = ownWhitelist(cell, run);
  const zone = run?.params.zone;
  let kept: CronOwner['zone'];
  if (typeof zone === 'string') kept = resolve(cell.spec.workDir, zone);
  else if (zone !== undefined) {
    if (typeof (zone as { decide?: unknown }).decide === 'function') {
      throw new ToolError(
        'not_allowed',
        "this run's Zone was given as a loaded Zone object, which a job cannot keep; give the run its zone as a file path or a policy object to schedule from it. Nothing was scheduled.",
      );
    }
    kept = JSON.parse(JSON.stringify(zone)) as Readonly<Record<string, unknown>>;
  }
  return {
    ...(context.actor === undefined ? {} : { actor: context.actor }),
    ...(context.sessionId === undefined ? {} : { sessionId: context.sessionId }),
    ...(whitelist === undefined ? {} : { agentTools: [...whitelist].sort() }),
    ...(kept === undefined ? {} : { zone: kept }),
  };
}

/** The scheduling run's tool list by the tools' own names, when it has one. */
export function ownWhitelist(cell: Cell, run: Run | undefined): ReadonlySet<string> | undefined {
  const names = run?.params.agent?.tools;
  if (names === undefined) return undefined;
  return new Set(names.map((name) => cell.toolName(name)).filter((name) => name !== undefined));
}
