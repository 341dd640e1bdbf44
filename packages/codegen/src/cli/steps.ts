import type { CliIo } from './io.js';

/**
 * The `onStep` a command hands to `generate` or `check`: `io.step`, with the
 * pack's folder in front when several packs run. Undefined when `io` is quiet, so no work is spent.
 */
export function stepsOf(io: CliIo, where: string | undefined): ((line: string) => void) | undefined {
  const step = io.step?.bind(io);
  if (step === undefined) return undefined;
  return (line) => step(where === undefined ? line : `${where}: ${line}`);
}
