import { ToolError } from '@wesgine/schema';
import { XProgramFailure } from './x-programs.js';

/** What the model is told about a failed X program: a ToolError with the code it can act on. */
export interface FailureContext {
  readonly display: string;
  /** The window the call named, for "there is no window". */
  readonly window?: number;
  /** Told when the display itself seems gone, so the tools are looked at again at once. */
  readonly displayGone?: () => void;
}

/** Turns whatever a run of an X program threw into the ToolError the model sees. */
export function xFailure(error: unknown, context: FailureContext): ToolError {
  if (ToolError.isInstance(error)) return error;
  if (!(error instanceof XProgramFailure)) {
    return new ToolError('internal', `The desktop tool failed unexpectedly: ${String(error)}`, { cause: error });
  }
  const said = error.stderr;
  if (/BadWindow|BadDrawable|Can't get window attributes|unable to read X window image/i.test(said)) {
    const which = context.window === undefined ? 'The window' : `There is no window ${context.window}`;
    return new ToolError(
      'not_found',
      `${which} on ${context.display}${context.window === undefined ? ' is gone' : ''} (it may have closed); desktop.windows lists the open ones.`,
    );
  }
  if (/Authorization required|No protocol specified|Invalid MIT-MAGIC-COOKIE/i.test(said)) {
    return new ToolError(
      'unavailable',
      `The X server of ${context.display} refused the connection (it checks cookies): set desktop.xauthority in the cell's spec to the display's X authority file.`,
    );
  }
  if (
    /Can't open display|unable to open X server|Can't find source path|Failed creating new xdo instance/i.test(said)
  ) {
    context.displayGone?.();
    return new ToolError(
      'unavailable',
      `The X display ${context.display} does not answer (its X server may have stopped); the desktop tools come back once it answers again.`,
    );
  }
  const line = firstLine(said);
  return new ToolError(
    'handler_failed',
    `${error.program} failed on the X display ${context.display} (${error.message})${line === '' ? '' : `: ${line}`}`,
  );
}

/** The first line of what a program said that is not xdotool's focus noise, cut short. */
function firstLine(text: string): string {
  const line =
    text
      .split('\n')
      .map((each) => each.trim())
      .find((each) => each !== '' && !each.startsWith('XGetInputFocus returned')) ?? '';
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}
