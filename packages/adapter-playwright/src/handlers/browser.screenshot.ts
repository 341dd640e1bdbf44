import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { BrowserScreenshotArgs } from '../../generated/types.gen.js';
import { actionFailure } from '../action-failure.js';
import { elementOf, sessionStep } from '../session-step.js';

/**
 * Handles `browser.screenshot`: a PNG of the visible page, the whole page or one element, written whole
 * (to a temporary name, then renamed) to `save_to` or to a new file under the data folder.
 */
export const browserScreenshot: ToolHandler<BrowserScreenshotArgs> = async (args, context) => {
  const target = args.save_to === undefined ? undefined : context.resolvedPaths.get('/save_to');
  if (target !== undefined) {
    if (!target.toLowerCase().endsWith('.png')) {
      throw new ToolError('invalid_arguments', `save_to must name a .png file; ${args.save_to} does not end in .png.`);
    }
    if (isFolder(target)) {
      throw new ToolError('invalid_arguments', `save_to ${args.save_to} is a folder; give a file name ending in .png.`);
    }
  }
  if (args.ref !== undefined && args.full_page === true) {
    throw new ToolError('invalid_arguments', 'Give ref (one element) or full_page (the whole page), not both.');
  }
  return sessionStep(context, args.session, async (session, cell) => {
    const timeout = cell.settings.timeoutMs;
    const { signal } = context;
    let what = args.full_page === true ? 'the whole page' : 'the visible page';
    let image: Buffer;
    if (args.ref !== undefined) {
      const { locator, target: element } = await elementOf(session, args.ref);
      what = element;
      image = await locator.screenshot({ type: 'png', timeout, signal }).catch((error: unknown) => {
        throw actionFailure(error, 'take a screenshot of', element, timeout, signal);
      });
    } else {
      image = await session.page
        .screenshot({ type: 'png', fullPage: args.full_page === true, timeout, signal })
        .catch((error: unknown) => {
          throw actionFailure(error, 'take a screenshot of', 'the page', timeout, signal);
        });
    }
    const path =
      target ??
      join(
        context.dataDir,
        'playwright',
        'screenshots',
        `${session.id}-${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 6)}.png`,
      );
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.${randomUUID().slice(0, 8)}.part`;
    writeFileSync(temporary, image);
    renameSync(temporary, path);
    const width = image.readUInt32BE(16);
    const height = image.readUInt32BE(20);
    const url = session.page.url();
    return {
      text: `Screenshot of ${what} at ${url} (${width}×${height} PNG, ${kilobytes(image.length)}) saved to ${path}`,
      data: { session: session.id, url, path, width, height, bytes: image.length },
    };
  });
};

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function kilobytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${Math.round(bytes / 1024)} kB`;
}
