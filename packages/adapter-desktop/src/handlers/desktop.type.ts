import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { DesktopTypeArgs } from '../../generated/types.gen.js';
import { inTurn } from '../action-queue.js';
import { desktopOf, failureContext } from '../desktop-cells.js';
import { focusFirst, targetText } from '../target-window.js';
import { xFailure } from '../x-failure.js';

const TOOL = 'desktop.type';

/** Control characters but tab and line feed, DEL and the C1 range. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses
const UNTYPABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/**
 * Handles `desktop.type`: the text goes to xdotool after `--` (so text that starts with a dash is text),
 * typed through XTEST into the focused window, after focusing the named one.
 */
export const desktopType: ToolHandler<DesktopTypeArgs> = async (args, context) => {
  const text = args.text.replace(/\r\n?/g, '\n');
  if (!isWellFormed(text)) {
    throw new ToolError(
      'invalid_arguments',
      'text holds half of a UTF-16 surrogate pair, which is no character; send the text as valid Unicode. Nothing was typed.',
    );
  }
  const bad = UNTYPABLE.exec(text);
  if (bad !== null) {
    const code = (bad[0].codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0');
    throw new ToolError(
      'invalid_arguments',
      `text holds U+${code}, a control character, at position ${bad.index}; only printable text, line breaks and tabs can be typed. Press other keys with desktop.key (ctrl+c, Escape). Nothing was typed.`,
    );
  }
  const desktop = desktopOf(context);
  const { typeDelayMs } = desktop.settings;
  const characters = [...text].length;
  return inTurn(desktop.settings.display, context.signal, async () => {
    try {
      const { stdout } = await desktop.programs.run({
        program: 'xdotool',
        args: [...focusFirst(args.window), 'type', '--delay', String(typeDelayMs), '--', text],
        tool: TOOL,
        timeoutMs: 15_000 + characters * (typeDelayMs + 10),
        signal: context.signal,
      });
      return {
        text: `Typed ${characters.toLocaleString('en-US')} ${characters === 1 ? 'character' : 'characters'} into ${targetText(args.window, stdout)}.`,
        data: { characters, ...(args.window === undefined ? {} : { window: args.window }) },
      };
    } catch (error) {
      throw xFailure(error, failureContext(desktop, args.window));
    }
  });
};

/** Whether every surrogate is half of a pair (String.prototype.isWellFormed, which ES2023's types lack). */
function isWellFormed(text: string): boolean {
  return (text as unknown as { isWellFormed(): boolean }).isWellFormed();
}
