import type { ToolHandler } from '@wesgine/schema';
import type { DesktopWindowsArgs } from '../../generated/types.gen.js';
import { type DesktopCell, desktopOf, failureContext } from '../desktop-cells.js';
import { type WindowInfo, windowInfo, windowLabel } from '../window-info.js';
import { parseListing } from '../window-listing.js';
import { xFailure } from '../x-failure.js';
import { XProgramFailure } from '../x-programs.js';

const TOOL = 'desktop.windows';
/** More windows than anyone reads in one answer; the count says how many there were. */
const MAX_LISTED = 100;
const LOOKUPS_AT_ONCE = 4;
/** Windows looked up at most (each is one run of xdotool); a display with more is told to narrow. */
const MAX_LOOKED_UP = 300;

/** The screen size, then each visible window with a title: geometry blocks, then titles, in one run. */
const LISTING = ['getdisplaygeometry', 'search', '--onlyvisible', '--name', '.'];
const DETAILS = ['getwindowgeometry', '--shell', '%@', 'getwindowname', '%@'];

/**
 * Handles `desktop.windows`: the screen size and every visible window with a title, its geometry and
 * title, in one xdotool run (in the sandbox each run costs a bubblewrap start). When that cannot be read
 * safely (a title with a line break) or a window closed during it, the ids are listed and each window is
 * read alone; one that closes meanwhile is left out.
 */
export const desktopWindows: ToolHandler<DesktopWindowsArgs> = async (args, context) => {
  const desktop = desktopOf(context);
  const { display } = desktop.settings;
  let parsed = await list(desktop, [...LISTING, ...DETAILS], context.signal);
  let found = parsed?.windows;
  if (found === undefined) {
    parsed ??= await list(desktop, LISTING, context.signal);
    const ids = parsed?.ids ?? [];
    found = await lookUp(ids.slice(0, MAX_LOOKED_UP), desktop.programs, context.signal);
  }
  const skipped = parsed?.windows === undefined ? Math.max(0, (parsed?.ids.length ?? 0) - MAX_LOOKED_UP) : 0;
  const screen = parsed?.screen;
  const filter = args.title?.toLowerCase();
  const windows = filter === undefined ? found : found.filter((window) => window.title.toLowerCase().includes(filter));
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
  const more = windows.length - shown.length + skipped;
  if (more > 0) lines.push(`- and ${more} more (give title to narrow)`);
  return {
    text: [`${head} ${count} (id, title, position, size):`, ...lines].join('\n'),
    data: { screen, windows: shown },
  };
};

/**
 * One listing run, read; undefined when a window closed during it (an X error about a window). xdotool's
 * search exits 1 when it finds nothing, and what it printed before still stands.
 */
async function list(
  desktop: DesktopCell,
  args: readonly string[],
  signal: AbortSignal,
): Promise<ReturnType<typeof parseListing> | undefined> {
  try {
    const { stdout } = await desktop.programs.run({ program: 'xdotool', args, tool: TOOL, timeoutMs: 10_000, signal });
    return parseListing(stdout.toString('utf8'));
  } catch (error) {
    if (error instanceof XProgramFailure && error.code === 1) {
      if (error.stderr.trim() === '') return parseListing(error.stdout.toString('utf8'));
      if (/BadWindow|BadDrawable/.test(error.stderr)) return undefined;
    }
    throw xFailure(error, failureContext(desktop));
  }
}

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
