import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { DesktopClickArgs } from '../../generated/types.gen.js';
import { inTurn } from '../action-queue.js';
import { desktopOf, failureContext } from '../desktop-cells.js';
import { windowInfo, windowLabel } from '../window-info.js';
import { xFailure } from '../x-failure.js';

const TOOL = 'desktop.click';
const BUTTONS = { left: '1', middle: '2', right: '3' } as const;

/**
 * Handles `desktop.click`: checks the point against the screen (or the window), then one xdotool run
 * moves the pointer and clicks. No `--sync` on the move: xdotool waits for ever when the pointer is
 * at the point already, and the click follows the move on the same connection anyway.
 */
export const desktopClick: ToolHandler<DesktopClickArgs> = async (args, context) => {
  const desktop = desktopOf(context);
  const { display } = desktop.settings;
  const button = args.button ?? 'left';
  return inTurn(display, context.signal, async () => {
    try {
      const window =
        args.window === undefined ? undefined : await windowInfo(desktop.programs, args.window, TOOL, context.signal);
      const area = window ?? (await screenSize(desktop, context.signal));
      const where =
        window === undefined
          ? `the screen (${area.width}×${area.height})`
          : `window ${windowLabel(window)} (${area.width}×${area.height})`;
      if (args.x >= area.width || args.y >= area.height) {
        throw new ToolError(
          'invalid_arguments',
          `The point ${args.x},${args.y} is outside ${where}; x must be below ${area.width} and y below ${area.height}. Nothing was clicked.`,
        );
      }
      const move =
        window === undefined
          ? [String(args.x), String(args.y)]
          : ['--window', String(window.id), String(args.x), String(args.y)];
      const repeat = args.double === true ? ['--repeat', '2', '--delay', '80'] : [];
      await desktop.programs.run({
        program: 'xdotool',
        args: ['mousemove', ...move, 'click', ...repeat, BUTTONS[button]],
        tool: TOOL,
        timeoutMs: 10_000,
        signal: context.signal,
      });
      const clicked = `${args.double === true ? 'Double-clicked' : 'Clicked'} the ${button} button`;
      const text =
        window === undefined
          ? `${clicked} at ${args.x},${args.y} on the screen of ${display}.`
          : `${clicked} at ${args.x},${args.y} in window ${windowLabel(window)} (which is at ${window.x},${window.y} on the screen).`;
      return {
        text,
        data: {
          x: args.x,
          y: args.y,
          button,
          double: args.double === true,
          ...(window === undefined ? {} : { window: window.id }),
        },
      };
    } catch (error) {
      throw xFailure(error, failureContext(desktop, args.window));
    }
  });
};

async function screenSize(
  desktop: ReturnType<typeof desktopOf>,
  signal: AbortSignal,
): Promise<{ width: number; height: number }> {
  const { stdout } = await desktop.programs.run({
    program: 'xdotool',
    args: ['getdisplaygeometry'],
    tool: TOOL,
    timeoutMs: 5_000,
    signal,
  });
  const size = /^(\d+) (\d+)/.exec(stdout.toString('utf8'));
  if (size === null)
    throw new ToolError('handler_failed', `xdotool gave no screen size for ${desktop.settings.display}.`);
  return { width: Number(size[1]), height: Number(size[2]) };
}
