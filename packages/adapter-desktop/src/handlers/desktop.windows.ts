import type { ToolHandler } from '@wesgine/schema';
import type { DesktopWindowsArgs } from '../../generated/types.gen.js';
import { desktopOf, failureContext } from '../desktop-cells.js';
import { type WindowInfo, windowInfo, windowLabel } from '../window-info.js';
import { xFailure } from '../x-failure.js';
import { XProgramFailure } from '../x-programs.js';

const TOOL = 'desktop.windows';
/** More windows than anyone reads in one answer; the count says how many there were. */
const MAX_LISTED = 100;
const LOOKUPS_AT_ONCE = 4;
/** Windows looked up at most (each is one run of xdotool); a display with more is told to narrow. */
const MAX_LOOKED_UP = 300;

/**
 * Handles `desktop.windows`: the screen size and the visible windows with a title in one xdotool run,
 * then each window's geometry and title (one run each: a title may hold anything, line breaks
 * included, so each is read alone). A window that closes meanwhile is left out.
 */
export const desktopWindows: ToolHandler<DesktopWindowsArgs> = async (args, context) => {
  const desktop = desktopOf(context);
  const { display } = desktop.settings;
  let listing: string;
  try {
    const { stdout } = await desktop.programs.run({
      program: 'xdotool',
      args: ['getdisplaygeometry', 'search', '--onlyvisible', '--name', '.'],
      tool: TOOL,
      timeoutMs: 10_000,
      signal: context.signal,
    });
    listing = stdout.toString('utf8');
  } catch (error) {
    // xdotool's search exits 1 when it finds nothing; what it printed before still stands.
    if (!(error instanceof XProgramFailure) || error.code !== 1 || error.stderr.trim() !== '') {
      throw xFailure(error, failureContext(desktop));
    }
    listing = error.stdout.toString('utf8');
  }
  const [sizeLine = '', ...idLines] = listing.split('\n');
  const size = /^(\d+) (\d+)$/.exec(sizeLine.trim());
  const ids = [...new Set(idLines.map((line) => Number(line.trim())).filter((id) => Number.isInteger(id) && id > 0))];
  const found = await lookUp(ids.slice(0, MAX_LOOKED_UP), desktop.programs, context.signal);
  const filter = args.title?.toLowerCase();
  const windows = filter === undefined ? found : found.filter((window) => window.title.toLowerCase().includes(filter));
  const screen = size === null ? undefined : { width: Number(size[1]), height: Number(size[2]) };
  const head = `Screen ${display}${screen === undefined ? '' : ` is ${screen.width}×${screen.height}`}.`;
  const matching = filter === undefined ? '' : ` whose title contains ${JSON.stringify(args.title)}`;
  if (windows.length === 0) {
    return { text: `${head} No visible window with a title${matching}.`, data: { screen, windows: [] } };
  }
  const shown = windows.slice(0, MAX_LISTED);
  const count = `${windows.length} visible ${windows.length === 1 ? 'window' : 'windows'} with a title${matching}`;
  const lines = shown.map(
    (window) => `- ${windowLabel(window)}: at ${window.x},${window.y}, ${window.width}×${window.height}`,
  );
  const more = windows.length - shown.length + Math.max(0, ids.length - MAX_LOOKED_UP);
  if (more > 0) lines.push(`- and ${more} more (give title to narrow)`);
  return {
    text: [`${head} ${count} (id, title, position, size):`, ...lines].join('\n'),
    data: { screen, windows: shown },
  };
};

/** Each window's geometry and title, a few lookups at a time, in the order xdotool found them. */
async function lookUp(
  ids: readonly number[],
  programs: Parameters<typeof windowInfo>[0],
  signal: AbortSignal,
): Promise<WindowInfo[]> {
  const results: (WindowInfo | undefined)[] = new Array(ids.length);
  let next = 0;
  const worker = async () => {
    while (next < ids.length && !signal.aborted) {
      const index = next++;
      try {
        results[index] = await windowInfo(programs, ids[index] as number, TOOL, signal);
      } catch (error) {
        // Closed between the search and the lookup: not open any more, so not listed.
        if (!(error instanceof XProgramFailure)) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, ids.length) }, worker));
  return results.filter((window): window is WindowInfo => window !== undefined);
}
