// The exec tool: checks the folder, runs the command with a built environment, captures its output in
// bounded memory and reports it.
import { randomUUID } from 'node:crypto';
import { realpathSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type ToolContext, ToolError } from '@wesgine/schema';
import type { ExecArgs } from '../../generated/types.gen.js';
import { execEnvironment } from './exec-environment.js';
import { DEFAULT_TIMEOUT_MS } from './exec-limits.js';
import { type ExecData, execReport } from './exec-report.js';
import { OutputCapture } from './output-capture.js';
import { pruneSpills } from './prune-spills.js';
import { runCommand } from './run-command.js';

/** The folder to run in: the resolved `workdir`, or the work folder; it must be an existing folder. */
function workingFolder(args: ExecArgs, context: ToolContext): string {
  const folder = context.resolvedPaths.get('/workdir') ?? context.workDir;
  const shown = args.workdir === undefined ? 'The work folder' : `The workdir '${args.workdir}'`;
  const stat = statSync(folder, { throwIfNoEntry: false });
  if (stat === undefined) {
    throw new ToolError(
      'file_not_found',
      `${shown} does not exist. Give an existing folder, or leave workdir out to run in the work folder.`,
    );
  }
  if (!stat.isDirectory()) {
    throw new ToolError(
      'not_a_file',
      `${shown} is a file, not a folder. Give the folder to run in, or leave workdir out to run in the work folder.`,
    );
  }
  return folder;
}

/** A spill file name that sorts by time and never collides. */
function spillPath(context: ToolContext): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return join(context.dataDir, 'exec', `${stamp}-${randomUUID().slice(0, 8)}.log`);
}

export async function runExec(args: ExecArgs, context: ToolContext): Promise<{ text: string; data: ExecData }> {
  const cwd = workingFolder(args, context);
  if (args.description !== undefined) context.progress({ progress: 0, message: args.description });
  const timeoutMs = args.timeout_ms ?? DEFAULT_TIMEOUT_MS;
  const capture = new OutputCapture(spillPath(context));
  const outcome = await runCommand({
    command: args.command,
    cwd,
    env: execEnvironment(),
    timeoutMs,
    signal: context.signal,
    sandbox: context.sandbox,
    onOutput: (chunk) =>
      capture.write(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)),
  });
  const output = capture.finish();
  if (output.spillPath !== undefined) pruneSpills(dirname(output.spillPath));
  if (outcome.aborted) {
    throw new ToolError('aborted', 'exec was cancelled; the command was stopped, with every process it started.');
  }
  return execReport(outcome, output, timeoutMs, realpathSync(context.workDir));
}
