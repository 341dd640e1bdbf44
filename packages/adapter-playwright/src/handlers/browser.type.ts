import type { ToolHandler } from '@wesgine/schema';
import type { BrowserTypeArgs } from '../../generated/types.gen.js';
import { act, elementOf, sessionStep } from '../session-step.js';

/** Handles `browser.type`: fills the field (replacing its text), and presses Enter when asked to submit. */
export const browserType: ToolHandler<BrowserTypeArgs> = async (args, context) =>
  sessionStep(context, args.session, async (session, cell) => {
    const { locator, target } = await elementOf(session, args.ref);
    const submit = args.submit === true;
    const count = [...args.text].length;
    const done = `Typed ${count} ${count === 1 ? 'character' : 'characters'} into ${target}${submit ? ' and pressed Enter' : ''}`;
    return act(
      context,
      session,
      cell,
      { verb: 'type into', gerund: submit ? 'submitting' : 'typing into', target, done },
      async (signal) => {
        const timeout = cell.settings.actionTimeoutMs;
        await locator.fill(args.text, { timeout, signal });
        if (submit) await locator.press('Enter', { timeout, signal });
      },
    );
  });
