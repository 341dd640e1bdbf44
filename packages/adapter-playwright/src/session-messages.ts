import type { SessionRecord } from './session-store.js';

/** Why a closed session closed, in words that follow "Browser session s-… is closed: ". */
export function closedBecause(record: SessionRecord, idleMs: number): string {
  const when = record.closedAt === undefined ? '' : ` ${ago(record.closedAt)}`;
  switch (record.closedBecause) {
    case 'closed':
      return `browser.close closed it${when}`;
    case 'idle':
      return `no call used it for ${duration(idleMs)}, so it was closed${when}`;
    case 'run-ended':
      return `the run that opened it ended${when}`;
    case 'cell-stopped':
      return `the cell stopped${when}, and sessions do not outlive it`;
    case 'crashed':
      return `its browser tab or the browser itself went away${when}`;
    default:
      return `it was closed${when}`;
  }
}

/** `just now`, `12 s ago`, `3 min ago`, `2 h ago`. */
function ago(iso: string): string {
  const ms = Date.now() - Date.parse(iso);
  if (!Number.isFinite(ms) || ms < 1_000) return 'just now';
  return `${duration(ms)} ago`;
}

/** A span in words: `300 ms`, `1.5 s`, `90 s`, `5 min`, `2 h`. */
export function duration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 10_000 && ms % 1_000 !== 0) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}
