import type { WindowInfo } from './window-info.js';

/**
 * Reads one xdotool run of `getdisplaygeometry search --onlyvisible --name . getwindowgeometry --shell
 * %@ getwindowname %@`: the screen size, a block of six lines per window, then the titles one per line
 * (or, without the details, the ids one per line).
 * Titles are paired with windows by order, which only holds when no title has a line break: `windows` is
 * undefined when the count of title lines differs from the count of windows (then each window is read alone).
 */
export function parseListing(output: string): {
  readonly screen: { readonly width: number; readonly height: number } | undefined;
  readonly ids: readonly number[];
  readonly windows: readonly WindowInfo[] | undefined;
} {
  const lines = output.replace(/\n$/, '').split('\n');
  const size = /^(\d+) (\d+)$/.exec(lines[0]?.trim() ?? '');
  const screen = size === null ? undefined : { width: Number(size[1]), height: Number(size[2]) };
  const geometries: Omit<WindowInfo, 'title'>[] = [];
  let at = screen === undefined ? 0 : 1;
  while (at + 6 <= lines.length && /^WINDOW=\d+$/.test(lines[at] as string)) {
    const values = new Map<string, number>();
    for (const line of lines.slice(at, at + 6)) {
      const match = /^([A-Z]+)=(-?\d+)$/.exec(line);
      if (match !== null) values.set(match[1] as string, Number(match[2]));
    }
    geometries.push({
      id: values.get('WINDOW') ?? 0,
      x: values.get('X') ?? 0,
      y: values.get('Y') ?? 0,
      width: values.get('WIDTH') ?? 0,
      height: values.get('HEIGHT') ?? 0,
    });
    at += 6;
  }
  if (geometries.length === 0) {
    // A listing of ids alone (the fallback's), or nothing found.
    const ids = lines
      .slice(at)
      .map((line) => Number(line.trim()))
      .filter((id) => Number.isInteger(id) && id > 0);
    return { screen, ids: [...new Set(ids)], windows: ids.length === 0 ? [] : undefined };
  }
  const titles = lines.slice(at);
  const ids = geometries.map((geometry) => geometry.id);
  if (titles.length !== geometries.length) return { screen, ids, windows: undefined };
  return {
    screen,
    ids,
    windows: geometries.map((geometry, index) => ({ ...geometry, title: titles[index] as string })),
  };
}
