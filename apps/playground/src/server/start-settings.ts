import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DEFAULT_PORT } from './default-port.js';

/** The folder `npm start` keeps its data in unless `WESGINE_PLAYGROUND_DATA` says otherwise (gitignored). */
export const DEFAULT_DATA_FOLDER = '.playground-data';

/** Where and on which port `npm start` runs, read from its environment. */
export interface StartSettings {
  readonly dataDir: string;
  readonly port: number;
}

/**
 * The settings of `npm start` from `env`: `PORT` (default 4100; 0 takes any free port) and
 * `WESGINE_PLAYGROUND_DATA` (default `<repository root>/.playground-data`; relative to the current
 * folder). Throws one sentence that names the variable when a value is wrong.
 */
export function startSettings(env: NodeJS.ProcessEnv, from: string): StartSettings {
  return { dataDir: dataFolder(env.WESGINE_PLAYGROUND_DATA, from), port: portOf(env.PORT) };
}

function portOf(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_PORT;
  const port = /^\s*\d{1,5}\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!(port >= 0 && port <= 65_535)) {
    throw new Error(`PORT must be a port number from 0 to 65535 (0 takes any free one), not ${JSON.stringify(value)}`);
  }
  return port;
}

function dataFolder(value: string | undefined, from: string): string {
  if (value !== undefined && value.trim() !== '') return resolve(value);
  return join(repositoryRoot(from), DEFAULT_DATA_FOLDER);
}

/** The monorepo's root: the nearest folder above `from` whose package.json lists workspaces. */
export function repositoryRoot(from: string): string {
  let folder = resolve(from);
  for (;;) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest) && hasWorkspaces(manifest)) return folder;
    const parent = dirname(folder);
    if (parent === folder) {
      throw new Error(
        `no repository root (a package.json with workspaces) above ${from}; set WESGINE_PLAYGROUND_DATA to choose the data folder`,
      );
    }
    folder = parent;
  }
}

function hasWorkspaces(manifest: string): boolean {
  try {
    return Array.isArray((JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown }).workspaces);
  } catch {
    return false;
  }
}
