import type { ToolHandler } from '@wesgine/schema';
import type { BrowserOpenArgs } from '../../generated/types.gen.js';
import { cellState } from '../cell-states.js';
import { navigate } from '../navigate.js';
import { sessionStep } from '../session-step.js';

/**
 * Handles `browser.open`: a new session of the calling run on the page (or the page in one of its
 * sessions). A new session whose first page fails is closed again, so nothing is left behind.
 */
export const browserOpen: ToolHandler<BrowserOpenArgs> = async (args, context) => {
  const waitUntil = args.wait_until ?? 'load';
  if (args.session !== undefined) {
    return sessionStep(context, args.session, (session, cell) => navigate(context, session, cell, args.url, waitUntil));
  }
  const cell = cellState(context);
  const session = await cell.open(context);
  try {
    return await session.exclusive(cell.settings.idleMs, async () => {
      const result = await navigate(context, session, cell, args.url, waitUntil);
      await cell.used(session);
      return result;
    });
  } catch (error) {
    await session.end('closed');
    throw error;
  }
};
