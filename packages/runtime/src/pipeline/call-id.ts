import { randomBytes } from 'node:crypto';

/** Tells this process's call ids from another's; the counter after it tells the calls apart. */
const PREFIX = `${randomBytes(4).toString('hex')}-`;
let counter = 0;

/**
 * A new call id (`3f9a0c1e-42`): unique within the process, and made with a counter rather than a UUID
 * so that a plain call pays almost nothing for it. Every audit, progress and log event of one call
 * carries the same one.
 */
export function nextCallId(): string {
  counter += 1;
  return PREFIX + counter;
}
