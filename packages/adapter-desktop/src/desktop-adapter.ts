import { type AdapterSource, type Cell, defineAdapter, type SourcedTool } from '@wesgine/runtime';
import { handlers, pack, tools } from '../generated/handlers.gen.js';
import { type DesktopCell, desktopCells } from './desktop-cells.js';
import { desktopSettings } from './desktop-settings.js';
import { type DisplayState, DisplayWatch } from './display-watch.js';
import { XPrograms } from './x-programs.js';

const PROVENANCE = `${pack.name}@${pack.version}`;
const SOURCE_ID = 'adapter:desktop';
const TOOL_NAMES = tools.map((tool) => tool.name).join(', ');

/** The pack's tools with their handlers, as the source offers them while the display answers. */
const SOURCED: readonly SourcedTool[] = Object.freeze(
  tools.map((definition) => ({ definition, handler: handlers[definition.name] as SourcedTool['handler'] })),
);

/**
 * `CellSpec.desktop` as tools: `desktop.screenshot`, `desktop.windows`, `desktop.click`, `desktop.type`
 * and `desktop.key` on the display it names, through xdotool and ImageMagick's `import`, inside the
 * cell's OS sandbox. The tools are listed only while the display answers: it is looked at when the cell
 * starts (`cell.ready()` waits for that) and every `probeIntervalMs` after, so they appear when a
 * display comes up later and go (with a `source` warning) when it goes away.
 */
export const desktopAdapter = defineAdapter({
  field: 'desktop',
  provenance: PROVENANCE,
  create(cell: Cell, spec): AdapterSource {
    // Throws on a wrong spec, before anything starts.
    const settings = desktopSettings(spec, cell);
    const programs = new XPrograms(settings, cell.sandbox.mode === 'on');
    const listeners = new Set<() => void>();
    const told = (state: DisplayState, before: DisplayState) => {
      tell(cell, settings.display, settings.probeIntervalMs, state, before);
      for (const listener of [...listeners]) {
        try {
          listener();
        } catch {}
      }
    };
    // Last: the watch starts looking at once, and nothing may throw once it does.
    const watch = new DisplayWatch(settings, programs, told);
    const desktop: DesktopCell = { settings, programs, watch };
    desktopCells.set(cell.id, desktop);
    return {
      kind: 'adapter',
      id: SOURCE_ID,
      provenance: PROVENANCE,
      // The cell's sandbox is off (asked for by name): xdotool and import then run as the host process.
      ...(programs.sandboxed ? {} : { sandbox: 'off' as const }),
      tools: () => (watch.state.kind === 'up' ? SOURCED : []),
      onToolsChanged(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      async ready() {
        await watch.first();
        const { state } = watch;
        if (state.kind === 'down')
          throw new Error(absentMessage(settings.display, settings.probeIntervalMs, state.reason));
      },
      async close() {
        watch.close();
        programs.close();
        listeners.clear();
        if (desktopCells.get(cell.id) === desktop) desktopCells.delete(cell.id);
      },
    };
  },
});

function absentMessage(display: string, intervalMs: number, reason: string): string {
  return `no X display answers at ${display} (${reason}); the desktop tools stay absent until one does (looked for every ${seconds(intervalMs)})`;
}

/** Tells the cell's listeners what became of the display, as a `source` event. */
function tell(cell: Cell, display: string, intervalMs: number, state: DisplayState, before: DisplayState): void {
  const at = new Date().toISOString();
  const base = { kind: 'source', cellId: cell.id, sourceId: SOURCE_ID, at } as const;
  if (state.kind === 'up') {
    cell.events.emit({
      ...base,
      state: 'ready',
      message: `the X display ${display} answers (${state.width}×${state.height}); ${TOOL_NAMES} are listed`,
    });
  } else if (state.kind === 'down' && before.kind === 'up') {
    cell.events.emit({
      ...base,
      state: 'warning',
      message: `the X display ${display} stopped answering (${state.reason}); the desktop tools are removed until it answers again`,
    });
  } else if (state.kind === 'down') {
    cell.events.emit({ ...base, state: 'down', message: absentMessage(display, intervalMs, state.reason) });
  }
}

function seconds(ms: number): string {
  return `${ms / 1000} s`;
}
