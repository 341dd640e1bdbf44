import type { Cell, CronSpec } from '@wesgine/runtime';
import { closeNames, formatIssues, readArguments, ToolError } from '@wesgine/schema';
import type { CronScheduleArgs } from '../../generated/types.gen.js';
import type { CronTask } from '../store/cron-store.js';

/** The most a job's arguments may weigh as JSON. */
const ARGUMENTS_KEPT = 100_000;

/**
 * Checks what a job is to run, now rather than at its first run: the tool exists in this cell (with a
 * "did you mean"), is one the scheduling run may call, is not a cron tool, and its arguments pass its
 * schema; a prompt needs the cell's model. Returns the task as it is kept (the tool by its own name).
 */
export function checkTask(
  cell: Cell,
  spec: CronSpec,
  run: CronScheduleArgs['run'],
  whitelist: ReadonlySet<string> | undefined,
): CronTask {
  if ('prompt' in run) {
    if (spec.agent === undefined) {
      throw new ToolError(
        'invalid_arguments',
        'this cell has no model for prompt jobs (CellSpec.cron.agent is not set); schedule a tool call instead: run: { tool, arguments }',
      );
    }
    return { kind: 'prompt', prompt: run.prompt };
  }
  const name = run.tool;
  const own = cell.toolName(name);
  if (own === undefined) {
    const close = closeNames(name, new Set(cell.knownNames()));
    const hint = close.length === 0 ? '' : ` Did you mean ${close.map((known) => `'${known}'`).join(' or ')}?`;
    throw new ToolError(
      'invalid_arguments',
      `run.tool '${name}' is no tool of this cell.${hint} Nothing was scheduled.`,
    );
  }
  if (own.startsWith('cron.')) {
    throw new ToolError(
      'invalid_arguments',
      `a job cannot run ${own}: jobs do not schedule, list or cancel jobs. Nothing was scheduled.`,
    );
  }
  const tool = cell.cellTool(own) ?? cell.engineTool(own);
  if (tool === undefined) {
    throw new ToolError(
      'invalid_arguments',
      `run.tool '${own}' is disabled in this cell (disabledEngineSkills). Nothing was scheduled.`,
    );
  }
  if (whitelist !== undefined && !whitelist.has(own)) {
    throw new ToolError(
      'not_allowed',
      `this run may not call ${own}, so a job it schedules may not either. Nothing was scheduled.`,
    );
  }
  const read = readArguments(run.arguments ?? {});
  if (!read.ok)
    throw new ToolError(
      'invalid_arguments',
      `${formatIssues(own, read.issues)}\nFix run.arguments; nothing was scheduled.`,
    );
  const args = read.value as Record<string, unknown>;
  if (!tool.validator.check(args)) {
    const issues = tool.validator.issuesOfRejected(args);
    throw new ToolError('invalid_arguments', `${formatIssues(own, issues)}\nFix run.arguments; nothing was scheduled.`);
  }
  if (JSON.stringify(args).length > ARGUMENTS_KEPT) {
    throw new ToolError(
      'invalid_arguments',
      `run.arguments are over ${ARGUMENTS_KEPT} characters as JSON; a job keeps less. Nothing was scheduled.`,
    );
  }
  return { kind: 'tool', tool: own, arguments: args };
}
