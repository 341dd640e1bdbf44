import type { ToolLogger } from '@wesgine/schema';

/** The level of a log line: `context.log.debug`, `info`, `warn`, `error`. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * A handler's `context.log`: each line goes to `write` with its level. The methods work detached
 * (`const { info } = context.log`). A message that is not a string is written as text (`String(message)`,
 * or a note when even that throws); nothing here throws.
 */
export class CallLogger implements ToolLogger {
  readonly debug: (message: string, data?: unknown) => void;
  readonly info: (message: string, data?: unknown) => void;
  readonly warn: (message: string, data?: unknown) => void;
  readonly error: (message: string, data?: unknown) => void;

  constructor(write: (level: LogLevel, message: string, data: unknown) => void) {
    this.debug = (message, data) => write('debug', textOf(message), data);
    this.info = (message, data) => write('info', textOf(message), data);
    this.warn = (message, data) => write('warn', textOf(message), data);
    this.error = (message, data) => write('error', textOf(message), data);
  }
}

function textOf(message: unknown): string {
  if (typeof message === 'string') return message;
  try {
    return String(message);
  } catch {
    return 'a log message that cannot be read as text';
  }
}
