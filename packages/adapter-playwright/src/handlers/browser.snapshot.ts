import type { ToolHandler } from '@wesgine/schema';
import type { BrowserSnapshotArgs } from '../../generated/types.gen.js';
import { report, sessionStep } from '../session-step.js';

/** Handles `browser.snapshot`: the page as it is now; its refs replace those of earlier snapshots. */
export const browserSnapshot: ToolHandler<BrowserSnapshotArgs> = async (args, context) =>
  sessionStep(context, args.session, (session, cell) => report(session, cell, [], session.blocked.length));
