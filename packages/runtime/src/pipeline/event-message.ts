/** The most characters of a progress message, log line or source message that reach listeners. */
export const MAX_EVENT_MESSAGE = 10_000;

/**
 * The message, or its first MAX_EVENT_MESSAGE characters and a count of the rest: a handler or a server
 * that writes megabytes in one line would otherwise hand them to every listener and event stream.
 */
export function cut(message: string): string {
  if (message.length <= MAX_EVENT_MESSAGE) return message;
  return `${message.slice(0, MAX_EVENT_MESSAGE)}… (${message.length - MAX_EVENT_MESSAGE} more characters)`;
}
