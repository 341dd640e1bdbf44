import type { ToolHandler } from '@wesgine/schema';
import type { ExecArgs } from '../../generated/types.gen.js';
import { lazyHandler } from '../lazy/lazy-handler.js';

/** Handles `exec`: one bash command line in its own process group, output capped, secrets withheld. */
export const exec: ToolHandler<ExecArgs> = lazyHandler(async () => (await import('../exec/run-exec.js')).runExec);
