import { stat } from 'node:fs/promises';
import type { ToolSession } from '@wesgine/schema';
import { recordRead } from '../fs/read-ledger.js';
import { hashOf } from '../fs/text-file.js';

/** The session has seen what it just wrote: its next change of the file needs no new read. */
export async function noteWritten(session: ToolSession, real: string, content: string): Promise<void> {
  recordRead(session, real, await stat(real), hashOf(content));
}
