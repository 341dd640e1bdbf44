import type { ToolCategory } from '@wesgine/schema';

/** `view` and `search` only read the store; every other command changes it. */
export function memoryCategory(command: string): ToolCategory {
  return command === 'view' || command === 'search' ? 'exploration' : 'action';
}
