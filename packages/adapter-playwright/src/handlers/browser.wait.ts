import { setTimeout as sleep } from 'node:timers/promises';
import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { BrowserWaitArgs } from '../../generated/types.gen.js';
import { duration } from '../session-messages.js';
import { report, sessionStep } from '../session-step.js';

/** Handles `browser.wait`: the seconds first, then the text to go, then the text to come; then the page. */
export const browserWait: ToolHandler<BrowserWaitArgs> = async (args, context) => {
  if (args.text === undefined && args.text_gone === undefined && args.seconds === undefined) {
    throw new ToolError('invalid_arguments', 'Say what to wait for: text, text_gone or seconds (or several).');
  }
  return sessionStep(context, args.session, async (session, cell) => {
    const since = session.blocked.length;
    const timeout = cell.settings.timeoutMs;
    const { signal } = context;
    const notes: string[] = [];
    try {
      if (args.seconds !== undefined && args.seconds > 0) {
        await sleep(args.seconds * 1000, undefined, { signal });
        notes.push(`Waited ${args.seconds} s.`);
      }
      if (args.text_gone !== undefined) {
        await session.page
          .getByText(args.text_gone)
          .first()
          .waitFor({ state: 'hidden', timeout, signal })
          .catch((error: unknown) => {
            throw waitFailure(
              error,
              `${JSON.stringify(args.text_gone)} was still shown after ${duration(timeout)}`,
              signal,
            );
          });
        notes.push(`${JSON.stringify(args.text_gone)} is no longer shown.`);
      }
      if (args.text !== undefined) {
        await session.page
          .getByText(args.text)
          .first()
          .waitFor({ state: 'visible', timeout, signal })
          .catch((error: unknown) => {
            throw waitFailure(error, `${JSON.stringify(args.text)} did not appear within ${duration(timeout)}`, signal);
          });
        notes.push(`${JSON.stringify(args.text)} is shown.`);
      }
    } catch (error) {
      if (signal.aborted) throw new ToolError('aborted', 'The wait was cancelled.', { cause: error });
      throw error;
    }
    return report(session, cell, [notes.join(' ')], since);
  });
};

function waitFailure(error: unknown, what: string, signal: AbortSignal): unknown {
  if (signal.aborted || ToolError.isInstance(error)) return error;
  if (/Timeout \d+ms exceeded/.test(String((error as Error)?.message))) {
    return new ToolError('timeout', `${what}. Take browser.snapshot to see the page as it is now.`, { cause: error });
  }
  return new ToolError('unavailable', `The wait failed: ${String((error as Error)?.message).split('\n')[0]}.`, {
    cause: error,
  });
}
