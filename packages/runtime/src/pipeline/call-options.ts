import type { DialectName, ToolProgress } from '@wesgine/schema';
import type { CallStep } from './call-step.js';

/** How one call came: `run.call(name, args, options)`. */
export interface CallOptions {
  /**
   * The provider dialect the arguments came in (a model's answer to a listing in that dialect). The
   * pipeline decodes them back to the tool's own shape after it found the tool and before it validates:
   * OpenAI strict mode's `null`s for left-out optionals are removed, Gemini's string-encoded enum values
   * turned back into numbers and booleans. The tool may then also be named by its provider name in that
   * dialect (`notes_read` for `notes.read`). Absent: the arguments are taken as they are.
   */
  readonly dialect?: DialectName;
  /**
   * Cancels this one call: the handler's `context.signal` fires and the result is an `aborted` error,
   * the same as when the whole run is cancelled. A call waiting for approval stops waiting.
   */
  readonly signal?: AbortSignal;
  /**
   * Hears this call's progress (`context.progress` of its handler, an MCP server's or plugin's
   * notifications), as the cell's `progress` events do; bad values were dropped already. Called until the
   * call ends, never after; a listener that throws is ignored.
   */
  readonly onProgress?: (update: ToolProgress) => void;
  /** Hears this call's log lines (`context.log`), as the cell's `log` events do; until the call ends. */
  readonly onLog?: (level: 'debug' | 'info' | 'warn' | 'error', message: string, data?: unknown) => void;
  /**
   * Hears each step of the call's walk as it ends, in order (the trace the playground draws). Nothing is
   * measured or built for a call without it; a listener that throws is ignored.
   */
  readonly onStep?: (step: CallStep) => void;
}
