import type { ToolHandler } from '@wesgine/schema';
import type { DesktopKeyArgs } from '../../generated/types.gen.js';
import { inTurn } from '../action-queue.js';
import { desktopOf, failureContext } from '../desktop-cells.js';
import { parseKeys, pressText } from '../key-sequence.js';
import { focusFirst, targetText } from '../target-window.js';
import { xFailure } from '../x-failure.js';

const TOOL = 'desktop.key';

/**
 * Handles `desktop.key`: every press is checked against the key names first (xdotool would skip an
 * unknown one silently), then pressed through XTEST into the focused window, after focusing the named one.
 */
export const desktopKey: ToolHandler<DesktopKeyArgs> = async (args, context) => {
  const presses = parseKeys(args.keys).map(pressText);
  const repeat = args.repeat ?? 1;
  const desktop = desktopOf(context);
  const { typeDelayMs } = desktop.settings;
  return inTurn(desktop.settings.display, context.signal, async () => {
    try {
      const { stdout } = await desktop.programs.run({
        program: 'xdotool',
        args: [
          ...focusFirst(args.window),
          'key',
          '--delay',
          String(typeDelayMs),
          ...(repeat > 1 ? ['--repeat', String(repeat)] : []),
          '--',
          ...presses,
        ],
        tool: TOOL,
        timeoutMs: 15_000 + presses.length * repeat * (typeDelayMs + 10),
        signal: context.signal,
      });
      const times = repeat > 1 ? ` (${repeat} times)` : '';
      return {
        text: `Pressed ${presses.join(' ')}${times} in ${targetText(args.window, stdout)}.`,
        data: { presses, repeat, ...(args.window === undefined ? {} : { window: args.window }) },
      };
    } catch (error) {
      throw xFailure(error, failureContext(desktop, args.window));
    }
  });
};
