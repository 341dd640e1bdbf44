import { ToolError } from '@wesgine/schema';
import type { PlanArgs } from '../../generated/types.gen.js';

export type PlanStatus = PlanArgs['plan'][number]['status'];

export interface PlanStep {
  readonly step: string;
  readonly status: PlanStatus;
}

/** The plan as kept in the session's state under `plan` (and so shown by the API). */
export interface StoredPlan {
  readonly explanation?: string;
  readonly steps: readonly PlanStep[];
  /** When the plan last changed, ISO 8601. */
  readonly updatedAt: string;
}

/** The most steps a plan has (the schema says so too; this holds for any caller). */
export const MAX_STEPS = 50;

const MARKS: Record<PlanStatus, string> = { completed: '[x]', in_progress: '[>]', pending: '[ ]' };

/** Text on one line, with runs of white space (line breaks too) as one space. */
function oneLine(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/**
 * The steps as stored: each on one line. Refuses, with what to change, a blank step, more than 50 steps,
 * and more than one step in progress.
 */
export function checkSteps(steps: PlanArgs['plan']): PlanStep[] {
  if (steps.length > MAX_STEPS) {
    throw new ToolError(
      'invalid_arguments',
      `the plan has ${steps.length} steps, and at most ${MAX_STEPS} are kept; merge small steps into larger ones.`,
    );
  }
  const checked = steps.map(({ step, status }, index) => {
    const text = oneLine(step);
    if (text === '') {
      throw new ToolError('invalid_arguments', `step ${index + 1} is blank; say in a few words what it is.`);
    }
    return { step: text, status };
  });
  const active = checked.flatMap((step, index) =>
    step.status === 'in_progress' ? [`${index + 1} (${step.step})`] : [],
  );
  if (active.length > 1) {
    throw new ToolError(
      'invalid_arguments',
      `${active.length} steps are in_progress: ${active.join(', ')}. At most one step is in progress at a time: mark the others pending or completed, and send the plan again.`,
    );
  }
  return checked;
}

/** The explanation as stored: on one line, or none when blank. */
export function checkExplanation(explanation: string | undefined): string | undefined {
  const text = explanation === undefined ? '' : oneLine(explanation);
  return text === '' ? undefined : text;
}

/** Whether a stored value is a plan this tool wrote. */
export function isStoredPlan(value: unknown): value is StoredPlan {
  return typeof value === 'object' && value !== null && Array.isArray((value as { steps?: unknown }).steps);
}

/** Whether two plans have the same steps and explanation (their times aside). */
export function samePlan(a: StoredPlan, steps: readonly PlanStep[], explanation: string | undefined): boolean {
  return (
    a.explanation === explanation &&
    a.steps.length === steps.length &&
    a.steps.every((step, index) => step.step === steps[index]?.step && step.status === steps[index]?.status)
  );
}

/** The steps one per line: `[x]` completed, `[>]` in progress, `[ ]` pending. */
export function renderSteps(steps: readonly PlanStep[]): string {
  return steps.map((step) => `${MARKS[step.status]} ${step.step}`).join('\n');
}

/** `n of m steps completed`, or `all m steps completed`. */
export function progressOf(steps: readonly PlanStep[]): string {
  const done = steps.filter((step) => step.status === 'completed').length;
  const of = `${steps.length} step${steps.length === 1 ? '' : 's'}`;
  return done === steps.length ? `all ${of} completed` : `${done} of ${of} completed`;
}
