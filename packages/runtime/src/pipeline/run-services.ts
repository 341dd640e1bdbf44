import type { ToolAgents, ToolHuman, ToolSession } from '@wesgine/schema';

/** What a run offers its handlers beyond ids and roots; `HandlerContext` passes these on. */
export interface RunServices {
  readonly dataDir: string;
  readonly session: ToolSession;
  readonly human: ToolHuman | undefined;
  readonly agents: ToolAgents | undefined;
}
