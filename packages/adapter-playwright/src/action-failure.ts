import { ToolError } from '@wesgine/schema';
import { duration } from './session-messages.js';

/** What Playwright's call log says held an element back, in plain words. */
const WAITING_FOR: readonly [RegExp, string][] = [
  [/element is not enabled|element is disabled/i, 'it is disabled'],
  [/element is not visible/i, 'it is not visible'],
  [/element is not editable|readonly/i, 'it cannot be edited'],
  [/intercepts pointer events/i, 'another element covers it'],
  [/element is not stable/i, 'it keeps moving'],
  [/did not find some options/i, 'the options are not there'],
];

/**
 * A failed click, typing or choice as the model reads it: what was tried on which element, why it did
 * not happen, and what to do next. `target` names the element (`button "Send" (e7)`).
 */
export function actionFailure(
  error: unknown,
  verb: string,
  target: string,
  timeoutMs: number,
  signal: AbortSignal,
): ToolError {
  if (ToolError.isInstance(error)) return error;
  if (signal.aborted) return new ToolError('aborted', `Cancelled before it could ${verb} ${target}.`, { cause: error });
  const message = String((error as Error)?.message ?? error);
  if (/Timeout \d+ms exceeded/.test(message)) {
    const why = WAITING_FOR.find(([pattern]) => pattern.test(message))?.[1];
    return new ToolError(
      'timeout',
      `Could not ${verb} ${target} within ${duration(timeoutMs)}${why === undefined ? '' : `: ${why}`}. Take browser.snapshot to see the page as it is now.`,
      { cause: error },
    );
  }
  if (/Element is not a <select> element/.test(message)) {
    return new ToolError(
      'invalid_arguments',
      `${target} is not a drop-down list; browser.select chooses options of a combobox or listbox. Use browser.click for other elements.`,
      { cause: error },
    );
  }
  if (/Element is not an <input>|not editable|does not have a role allowing/i.test(message)) {
    return new ToolError(
      'invalid_arguments',
      `${target} is not a field you can type into; browser.type needs a textbox, searchbox or other editable element from the snapshot.`,
      { cause: error },
    );
  }
  if (/Target (page, context or browser )?(has been )?closed|Target crashed|Browser has been closed/i.test(message)) {
    return new ToolError(
      'unavailable',
      `The browser tab went away while trying to ${verb} ${target}; open a new session with browser.open.`,
      { cause: error },
    );
  }
  const first = (message.split('\n').find((line) => line.trim() !== '') ?? message).replace(/^[\w.]+: /, '').trim();
  return new ToolError('unavailable', `Could not ${verb} ${target}: ${first}.`, { cause: error });
}
