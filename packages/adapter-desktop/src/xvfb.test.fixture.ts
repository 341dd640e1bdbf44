// A real X display for the tests: Xvfb on a free display number (it picks one with -displayfd), with
// real programs on it: an xterm whose shell writes each line it reads to a file, and xev, which prints
// every button event it gets. Started once per test file, stopped in afterAll.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';

export interface TestDisplay {
  readonly display: string;
  readonly number: number;
  readonly env: Readonly<Record<string, string>>;
  readonly process: ChildProcess;
  /** Stops the server and waits until it is gone. */
  stop(): Promise<void>;
}

export interface TestWindow {
  readonly id: number;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Xvfb started by two test files at once can race for the same display number (both write the same
 * temporary lock file, and the loser removes the winner's socket as it moves on), so starts take turns:
 * a lock file made with O_EXCL, held until the server said its number. One left by a killed run goes
 * after 20 s.
 */
const START_LOCK = '/tmp/wesgine-test-xvfb-start.lock';

async function startTurn(): Promise<() => void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      closeSync(openSync(START_LOCK, 'wx'));
      return () => rmSync(START_LOCK, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(START_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 20_000) rmSync(START_LOCK, { force: true });
      if (Date.now() > deadline) throw new Error(`${START_LOCK} was held for 30 s; is another Xvfb start stuck?`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/**
 * Starts Xvfb with a black root window (so an empty screen is all black) and a 1024×768 screen, never
 * resetting: on the first free display, or on `number` when given; checking the cookies in `auth` when
 * given (then the test's own clients are given the file too).
 */
export async function startXvfb(options: { number?: number; auth?: string } = {}): Promise<TestDisplay> {
  const release = await startTurn();
  try {
    return await startServer(options.number, options.auth);
  } finally {
    release();
  }
}

/** A display number no server holds now, from a range that -displayfd (counting up from 0) leaves alone here. */
export function freeDisplayNumber(): number {
  for (;;) {
    const number = 300 + Math.floor(Math.random() * 600);
    const taken = [`/tmp/.X${number}-lock`, `/tmp/.X11-unix/X${number}`].some(
      (path) => statSync(path, { throwIfNoEntry: false }) !== undefined,
    );
    if (!taken) return number;
  }
}

const XVFB_OPTIONS = [
  '-screen',
  '0',
  '1024x768x24',
  '-nolisten',
  'tcp',
  '-br',
  // Without it the server resets when its last client leaves, and a client connecting meanwhile (xterm
  // starting while the test polls with xdotool) is turned away with "Can't open display".
  '-noreset',
];

async function startServer(wanted: number | undefined, auth: string | undefined): Promise<TestDisplay> {
  const where = wanted === undefined ? [] : [`:${wanted}`];
  const cookies = auth === undefined ? [] : ['-auth', auth];
  const server = spawn('Xvfb', [...where, '-displayfd', '3', ...cookies, ...XVFB_OPTIONS], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  const number = await new Promise<number>((resolve, reject) => {
    let said = '';
    const timer = setTimeout(() => reject(new Error('Xvfb did not say its display within 10 s')), 10_000);
    server.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)));
    server.stdio[3]?.on('data', (chunk: Buffer) => {
      said += chunk.toString('utf8');
      if (said.includes('\n')) {
        clearTimeout(timer);
        resolve(Number(said.trim()));
      }
    });
  });
  const display = `:${number}`;
  return {
    display,
    number,
    env: {
      PATH: '/usr/bin:/bin',
      LANG: 'C.UTF-8',
      DISPLAY: display,
      ...(auth === undefined ? {} : { XAUTHORITY: auth }),
    },
    process: server,
    stop: () => stopProcess(server),
  };
}

/** An xterm titled `title` whose shell appends every line it reads to `outFile`. */
export async function startXterm(x: TestDisplay, title: string, outFile: string): Promise<TestWindow> {
  const script = 'while IFS= read -r line; do printf "%s\\n" "$line" >> "$0"; done';
  const child = spawn('xterm', ['-T', title, '-geometry', '80x24+0+0', '-e', 'sh', '-c', script, outFile], {
    env: { ...x.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return { id: await windowNamed(x, title, child), process: child, stop: () => stopProcess(child) };
}

/** xev in a window titled `title` at 500,300, 200×150, printing the button events it receives. */
export async function startXev(x: TestDisplay, title: string): Promise<TestWindow & { output(): string }> {
  const child = spawn('xev', ['-geometry', '200x150+500+300', '-name', title, '-event', 'button'], {
    env: { ...x.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  return {
    id: await windowNamed(x, title, child),
    process: child,
    stop: () => stopProcess(child),
    output: () => output,
  };
}

/** The button presses xev printed: which button, where in its window and where on the screen. */
export function buttonPresses(
  output: string,
): { button: number; x: number; y: number; rootX: number; rootY: number }[] {
  const presses = [];
  for (const match of output.matchAll(
    /ButtonPress event[^\n]*\n[^\n]*\((\d+),(\d+)\), root:\((\d+),(\d+)\),\n[^\n]*button (\d+)/g,
  )) {
    presses.push({
      x: Number(match[1]),
      y: Number(match[2]),
      rootX: Number(match[3]),
      rootY: Number(match[4]),
      button: Number(match[5]),
    });
  }
  return presses;
}

/** Waits for the window titled `title` and returns its id; says what the program said if it never comes. */
async function windowNamed(x: TestDisplay, title: string, child: ChildProcess): Promise<number> {
  let said = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    said += chunk.toString('utf8');
  });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      // A title with a line break is found by its first line (a regular expression stops at the break).
      const pattern = title.includes('\n') ? `^${title.split('\n')[0]}` : `^${title}$`;
      const found = execFileSync('xdotool', ['search', '--onlyvisible', '--name', pattern], {
        env: x.env,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      const id = Number(found.toString().trim().split('\n')[0]);
      if (id > 0) return id;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(
    `no window titled ${title} appeared on ${x.display} (the program ${child.exitCode === null ? 'still runs' : `exited with ${child.exitCode}`}; it said: ${said.trim() || 'nothing'})`,
  );
}

/** Drops what was typed into the xterm but not sent yet (ctrl+u, the tty's kill), as a person would. */
export function clearLine(x: TestDisplay, window: TestWindow): void {
  execFileSync('xdotool', ['windowfocus', '--sync', String(window.id), 'key', 'ctrl+u'], {
    env: x.env,
    stdio: 'ignore',
  });
}

/** Polls `read` until it returns something `done` accepts; returns the last value read. */
export async function eventually<T>(read: () => T, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = read();
  }
  return value;
}

/** The file's text, or '' while it does not exist. */
export function textOf(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** Mean and standard deviation (0 to 1) of a region of a PNG, by ImageMagick's own convert. */
export function regionStats(
  png: string,
  region: { x: number; y: number; width: number; height: number },
): { mean: number; deviation: number } {
  const out = execFileSync('/usr/bin/convert', [
    png,
    '-crop',
    `${region.width}x${region.height}+${region.x}+${region.y}`,
    '+repage',
    '-colorspace',
    'Gray',
    '-format',
    '%[fx:mean] %[fx:standard_deviation]',
    'info:',
  ]).toString();
  const [mean, deviation] = out.trim().split(' ').map(Number);
  return { mean: mean as number, deviation: deviation as number };
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 2_000).unref();
  });
}
