import type { ToolHandler } from '@wesgine/schema';
import type { ExecArgs } from '../../generated/types.gen.js';
import { runExec } from '../exec/run-exec.js';

/** Handles `exec`: one bash command line in its own process group, output capped, secrets withheld. */
export const exec: ToolHandler<ExecArgs> = (args, context) => runExec(args, context);
