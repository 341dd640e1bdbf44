/** A wait in words: `400 ms` below a second, else whole seconds (`15 s`). */
export function formatWait(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}
