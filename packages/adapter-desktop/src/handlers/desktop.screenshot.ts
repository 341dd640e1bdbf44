import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { DesktopScreenshotArgs } from '../../generated/types.gen.js';
import { desktopOf, failureContext } from '../desktop-cells.js';
import { pngSize, writePng } from '../png-file.js';
import { type WindowInfo, windowInfo, windowLabel } from '../window-info.js';
import { xFailure } from '../x-failure.js';

const TOOL = 'desktop.screenshot';
const CAPTURE_TIMEOUT_MS = 20_000;

/**
 * Handles `desktop.screenshot`: ImageMagick's `import` writes the PNG to its stdout (so nothing inside
 * the sandbox needs to write a file), and the handler puts it where the call said, whole or not at all.
 */
export const desktopScreenshot: ToolHandler<DesktopScreenshotArgs> = async (args, context) => {
  const desktop = desktopOf(context);
  const failed = failureContext(desktop, args.window);
  let window: WindowInfo | undefined;
  let bytes: Buffer;
  try {
    if (args.window !== undefined) window = await windowInfo(desktop.programs, args.window, TOOL, context.signal);
    ({ stdout: bytes } = await desktop.programs.run({
      program: 'import',
      args: ['-silent', '-window', args.window === undefined ? 'root' : String(args.window), 'png:-'],
      tool: TOOL,
      timeoutMs: CAPTURE_TIMEOUT_MS,
      signal: context.signal,
    }));
  } catch (error) {
    throw xFailure(error, failed);
  }
  const size = pngSize(bytes);
  if (size === undefined) {
    throw new ToolError('handler_failed', `import gave no PNG for the screenshot of ${desktop.settings.display}.`);
  }
  const path =
    args.save_to === undefined
      ? join(
          desktop.settings.screenshotDir,
          `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.png`,
        )
      : (context.resolvedPaths.get('/save_to') as string);
  writePng(path, bytes);
  const what =
    window === undefined ? `the whole screen of ${desktop.settings.display}` : `window ${windowLabel(window)}`;
  return {
    text: `Screenshot of ${what} (${size.width}×${size.height} pixels, PNG, ${bytes.length.toLocaleString('en-US')} bytes) saved to ${path}`,
    data: {
      path,
      width: size.width,
      height: size.height,
      bytes: bytes.length,
      ...(window === undefined ? {} : { window: window.id }),
    },
  };
};
