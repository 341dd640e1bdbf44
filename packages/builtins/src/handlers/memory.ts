import type { ToolHandler } from '@wesgine/schema';
import type { MemoryArgs } from '../../generated/types.gen.js';
import { lazyHandler } from '../lazy/lazy-handler.js';

/** Handles `memory`: notes as files under `/memories`, in one SQLite database per cell (memory/run-memory.ts). */
export const memory: ToolHandler<MemoryArgs> = lazyHandler(
  async () => (await import('../memory/run-memory.js')).runMemory,
);
