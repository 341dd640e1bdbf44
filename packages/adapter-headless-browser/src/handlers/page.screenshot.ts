import type { ToolHandler } from '@wesgine/schema';
import type { PageScreenshotArgs } from '../../generated/types.gen.js';
import { artefactTarget, writeArtefact } from '../artefact-file.js';
import { withPage } from '../page-call.js';
import { formatBytes, pageHeader } from '../page-report.js';

/**
 * Handles `page.screenshot`: a PNG of the visible area or the whole page, written whole (or not at
 * all) to `save_to` or a new file in the data folder. The target is checked before the page opens.
 */
export const pageScreenshot: ToolHandler<PageScreenshotArgs> = async (args, context) => {
  const target = artefactTarget(context, args.save_to, '.png');
  const fullPage = args.full_page ?? false;
  return withPage(context, args.url, args.wait_until ?? 'load', async (opened, timeoutMs) => {
    const png = await Promise.race([
      opened.page.screenshot({ type: 'png', fullPage, timeout: timeoutMs }),
      opened.crashed,
    ]);
    await writeArtefact(target, png);
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    const what = fullPage ? 'the whole page' : 'the visible area';
    return {
      text: [
        ...pageHeader(opened),
        `Saved a ${width}×${height} PNG of ${what} (${formatBytes(png.length)}) to ${target.shown}`,
      ].join('\n'),
      data: {
        url: opened.finalUrl,
        requested: opened.requested,
        title: opened.title,
        status: opened.status,
        path: target.path,
        bytes: png.length,
        width,
        height,
        fullPage,
        refused: opened.refused,
      },
    };
  });
};
