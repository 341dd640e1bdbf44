import type { XPrograms } from './x-programs.js';

/** A window as the tools describe it: its id, title and place on the screen. */
export interface WindowInfo {
  readonly id: number;
  readonly title: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const LOOKUP_TIMEOUT_MS = 5_000;

/**
 * One window's geometry and title, in one xdotool run: the geometry's six lines first (fixed shape),
 * then the title, which is the rest whatever it holds (a title may contain line breaks). Rejects as
 * the program does when the window does not exist.
 */
export async function windowInfo(
  programs: XPrograms,
  id: number,
  tool: string,
  signal?: AbortSignal,
): Promise<WindowInfo> {
  const { stdout } = await programs.run({
    program: 'xdotool',
    args: ['getwindowgeometry', '--shell', String(id), 'getwindowname', String(id)],
    tool,
    timeoutMs: LOOKUP_TIMEOUT_MS,
    ...(signal === undefined ? {} : { signal }),
  });
  return parseWindowInfo(id, stdout.toString('utf8'));
}

/** Reads `getwindowgeometry --shell` followed by `getwindowname`. */
export function parseWindowInfo(id: number, output: string): WindowInfo {
  const lines = output.split('\n');
  const values = new Map<string, number>();
  for (const line of lines.slice(0, 6)) {
    const match = /^([A-Z]+)=(-?\d+)$/.exec(line);
    if (match !== null) values.set(match[1] as string, Number(match[2]));
  }
  const title = lines.slice(6).join('\n').replace(/\n$/, '');
  return {
    id,
    title,
    x: values.get('X') ?? 0,
    y: values.get('Y') ?? 0,
    width: values.get('WIDTH') ?? 0,
    height: values.get('HEIGHT') ?? 0,
  };
}

/**
 * A window named for the model: its id and its title on one line, quoted and cut short. Titles are set
 * by programs (a web page's title, a file name): quoting keeps one from passing for the tool's own words.
 */
export function windowLabel(window: Pick<WindowInfo, 'id' | 'title'>): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  const flat = window.title.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
  const cut = flat.length > 120 ? `${flat.slice(0, 119)}…` : flat;
  return `${window.id} ${JSON.stringify(cut)}`;
}
