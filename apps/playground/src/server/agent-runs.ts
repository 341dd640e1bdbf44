import type { Cell, Run } from '@wesgine/runtime';

/** How many finished sub-agent runs the playground keeps for their CycleDetector state. */
export const AGENT_RUNS_KEPT = 20;

/** The sub-agent runs kept alive, newest last. */
export interface AgentRuns {
  ids(): string[];
  /** Stops keeping new runs and lets the kept ones go. */
  stop(): void;
}

/**
 * Keeps the latest sub-agent runs (runs whose calls carry an `agentId`) alive after they end. A cell
 * holds its runs weakly, so a sub-agent's child run goes once its task ends, and with it the
 * CycleDetector state `GET /runs/:id/cycle` shows; the playground's Loops view looks at it after the
 * looping agent stopped, so the last `limit` of them are held here.
 */
export function keepAgentRuns(cell: Cell, limit = AGENT_RUNS_KEPT): AgentRuns {
  const runs = new Map<string, Run>();
  const stopListening = cell.onAudit((event) => {
    if (event.agentId === undefined || runs.has(event.runId)) return;
    const run = cell.findRun(event.runId);
    if (run === undefined) return;
    runs.set(event.runId, run);
    for (const id of runs.keys()) {
      if (runs.size <= limit) break;
      runs.delete(id);
    }
  });
  return {
    ids: () => [...runs.keys()],
    stop: () => {
      stopListening();
      runs.clear();
    },
  };
}
