import type { ToolHandler } from '@wesgine/schema';
import type { BrowserClickArgs } from '../../generated/types.gen.js';
import { act, elementOf, sessionStep } from '../session-step.js';

/** Handles `browser.click`: clicks the element the ref names, then reports the page it led to. */
export const browserClick: ToolHandler<BrowserClickArgs> = async (args, context) =>
  sessionStep(context, args.session, async (session, cell) => {
    const { locator, target } = await elementOf(session, args.ref);
    return act(
      context,
      session,
      cell,
      { verb: 'click', gerund: 'clicking', target, done: `Clicked ${target}` },
      (signal) => locator.click({ timeout: cell.settings.actionTimeoutMs, signal }),
    );
  });
