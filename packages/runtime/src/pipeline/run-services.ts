import type { ToolAgents, ToolHuman, ToolSession } from '@wesgine/schema';
import type { CellSandbox } from '../sandbox/cell-sandbox.js';

/** What a run offers its handlers beyond ids and roots; `HandlerContext` passes these on. */
export interface RunServices {
  readonly dataDir: string;
  readonly session: ToolSession;
  /** The run's human as the tool named here sees it; none when the run's channel takes no questions. */
  readonly human: ((tool: string) => ToolHuman) | undefined;
  readonly agents: ToolAgents | undefined;
  /** Where the cell's child processes run. */
  readonly sandbox: CellSandbox;
}
