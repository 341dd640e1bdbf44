import type { ToolHandler } from '@wesgine/schema';
import type { BrowserCloseArgs } from '../../generated/types.gen.js';
import { cellState } from '../cell-states.js';

/** Handles `browser.close`: ends the run's session (after any call still using it); its tab and cookies go. */
export const browserClose: ToolHandler<BrowserCloseArgs> = async (args, context) => {
  const cell = cellState(context);
  const session = await cell.find(context, args.session);
  const url = session.page.url();
  await session.exclusive(cell.settings.idleMs, () => session.end('closed'));
  return { text: `Closed browser session ${session.id} (it showed ${url}).`, data: { session: session.id, url } };
};
