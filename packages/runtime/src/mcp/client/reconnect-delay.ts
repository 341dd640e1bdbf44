/** The first wait before reconnecting to a server that went down, in milliseconds. */
export const FIRST_RECONNECT_MS = 250;
/** The longest wait between two attempts. */
export const LAST_RECONNECT_MS = 30_000;

/**
 * How long to wait before attempt `attempt` (0 for the first) to reconnect: doubling from 250 ms up to
 * 30 s, spread by up to a fifth either way so servers that fell together do not all retry together.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(LAST_RECONNECT_MS, FIRST_RECONNECT_MS * 2 ** Math.min(attempt, 20));
  return Math.round(base * (0.8 + 0.4 * random()));
}
