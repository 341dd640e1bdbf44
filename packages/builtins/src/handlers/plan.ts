import type { ToolHandler } from '@wesgine/schema';
import type { PlanArgs } from '../../generated/types.gen.js';
import {
  checkExplanation,
  checkSteps,
  isStoredPlan,
  progressOf,
  renderSteps,
  type StoredPlan,
  samePlan,
} from '../plan/plan-steps.js';

/** The session state key the plan is kept under. */
const PLAN_KEY = 'plan';

/**
 * Handles `plan`: the whole list of steps replaces the session's plan (an empty list clears it). Checked
 * first, so a refused plan leaves the one before in place.
 */
export const plan: ToolHandler<PlanArgs> = (args, context) => {
  const steps = checkSteps(args.plan);
  const explanation = checkExplanation(args.explanation);
  const before = context.session.get(PLAN_KEY);
  const previous = isStoredPlan(before) ? before : undefined;
  if (steps.length === 0) {
    context.session.set(PLAN_KEY, undefined);
    return previous === undefined ? 'There was no plan to clear; nothing changed.' : 'Plan cleared.';
  }
  if (previous !== undefined && samePlan(previous, steps, explanation)) {
    return {
      text: `Plan unchanged: it already reads so (${progressOf(steps)}).\n${renderSteps(steps)}`,
      data: previous,
    };
  }
  const stored: StoredPlan = {
    ...(explanation === undefined ? {} : { explanation }),
    steps,
    updatedAt: new Date().toISOString(),
  };
  context.session.set(PLAN_KEY, stored);
  return { text: `Plan updated: ${progressOf(steps)}.\n${renderSteps(steps)}`, data: stored };
};
