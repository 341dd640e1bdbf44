import type { ToolCategory } from '@wesgine/schema';

/** The category of one command line (placeholder: every command is an action until the read-only list lands). */
export function execCategory(_command: string): ToolCategory {
  return 'action';
}
