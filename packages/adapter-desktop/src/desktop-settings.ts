import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import type { DesktopSpec } from '@wesgine/runtime';

/** `DesktopSpec` checked, with every default filled in. */
export interface DesktopSettings {
  /** As given, e.g. `:0` or `:99.0`: the `DISPLAY` of every X program the tools run. */
  readonly display: string;
  /** The display's number, `n` of `:n.screen`. */
  readonly number: string;
  /** The server's socket, `/tmp/.X11-unix/X<n>`: the one way in, also from inside the OS sandbox. */
  readonly socketPath: string;
  readonly xauthority: string | undefined;
  /** Where the copy of the cookies the sandbox gets is written (see sandbox-cookie.ts). */
  readonly sandboxCookie: string;
  readonly screenshotDir: string;
  readonly probeIntervalMs: number;
  readonly typeDelayMs: number;
}

/** A local display: `:n` or `:n.screen`. A display over TCP cannot be reached from the sandbox. */
const LOCAL_DISPLAY = /^:(\d{1,5})(?:\.\d{1,3})?$/;
const KNOWN_FIELDS = new Set(['display', 'screenshotDir', 'xauthority', 'probeIntervalMs', 'typeDelayMs']);

/**
 * Checks `CellSpec.desktop` and fills in its defaults; throws an `Error` that names the field and says
 * what to write instead, so a wrong spec stops the cell before anything starts.
 */
export function desktopSettings(
  spec: DesktopSpec,
  cell: { readonly dataDir: string; readonly spec: { readonly workDir: string } },
  environment: NodeJS.ProcessEnv = process.env,
): DesktopSettings {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    throw new Error("desktop must be an object such as { display: ':0' }");
  }
  const unknown = Object.keys(spec).filter((key) => !KNOWN_FIELDS.has(key));
  if (unknown.length > 0) {
    throw new Error(
      `desktop has no field ${unknown.map((key) => JSON.stringify(key)).join(', ')}; its fields are display, screenshotDir, xauthority, probeIntervalMs and typeDelayMs`,
    );
  }
  const { display } = spec;
  const match = typeof display === 'string' ? LOCAL_DISPLAY.exec(display) : null;
  if (match === null) {
    throw new Error(
      `desktop.display must be a local X display such as ':0' or ':99.0' (reached through /tmp/.X11-unix), not ${JSON.stringify(display)}`,
    );
  }
  return {
    display: display as string,
    number: String(Number(match[1])),
    socketPath: `/tmp/.X11-unix/X${Number(match[1])}`,
    xauthority: xauthorityFile(spec.xauthority, cell.spec.workDir, environment),
    sandboxCookie: join(cell.dataDir, 'desktop', 'sandbox-xauthority'),
    screenshotDir: folder(spec.screenshotDir, cell),
    probeIntervalMs: whole('probeIntervalMs', spec.probeIntervalMs, 2_000, 250, 600_000),
    typeDelayMs: whole('typeDelayMs', spec.typeDelayMs, 12, 0, 200),
  };
}

function whole(field: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new Error(
      `desktop.${field} must be a whole number of ms from ${min} to ${max}, not ${JSON.stringify(value)}`,
    );
  }
  return value;
}

function folder(
  given: unknown,
  cell: { readonly dataDir: string; readonly spec: { readonly workDir: string } },
): string {
  if (given === undefined) return join(cell.dataDir, 'desktop', 'screenshots');
  if (typeof given !== 'string' || given === '' || given.includes('\0')) {
    throw new Error(`desktop.screenshotDir must be a folder path, not ${JSON.stringify(given)}`);
  }
  return resolve(cell.spec.workDir, given);
}

/** The cookie file X programs are given: as Xlib finds one, but said once, here, so the sandbox can bind it. */
function xauthorityFile(given: unknown, workDir: string, environment: NodeJS.ProcessEnv): string | undefined {
  if (given !== undefined) {
    if (typeof given !== 'string' || given === '' || given.includes('\0')) {
      throw new Error(`desktop.xauthority must be the path of an X authority file, not ${JSON.stringify(given)}`);
    }
    const path = resolve(workDir, given);
    if (!existsSync(path)) {
      throw new Error(`desktop.xauthority names ${path}, which does not exist; give the display's cookie file`);
    }
    return path;
  }
  const fromEnvironment = environment.XAUTHORITY;
  if (fromEnvironment !== undefined && isAbsolute(fromEnvironment) && existsSync(fromEnvironment)) {
    return fromEnvironment;
  }
  const inHome = join(homedir(), '.Xauthority');
  return existsSync(inHome) ? inHome : undefined;
}
