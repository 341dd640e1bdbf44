import { ToolError, type ToolHandler } from '@wesgine/schema';

/**
 * Runs a cron handler so that a failure of the job store (a closed database, a full disk, a file that
 * cannot be written) reaches the model as `unavailable` with what to check, not as a stack trace; the
 * handler's own `ToolError`s pass through as they are.
 */
export function storeGuarded<TArgs>(handler: ToolHandler<TArgs>): ToolHandler<TArgs> {
  return async (args, context) => {
    try {
      return await handler(args, context);
    } catch (error) {
      if (ToolError.isInstance(error)) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new ToolError(
        'unavailable',
        `the cron job store failed (${reason}); nothing was changed. Check that ${context.dataDir}/cron can be written, or restart the cell.`,
      );
    }
  };
}
