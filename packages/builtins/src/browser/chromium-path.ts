import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** The names a Chromium or Chrome is installed under, tried in this order on PATH. */
export const CHROMIUM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'] as const;

export type ChromiumLocation = { readonly path: string } | { readonly path: undefined; readonly problem: string };

const HOW =
  'Install Chromium (for example `apt-get install chromium`) or Google Chrome, or set WESGINE_CHROMIUM_PATH to its executable.';

/**
 * Where the browser is: `WESGINE_CHROMIUM_PATH` when set (it must be an executable file), else the first
 * of `CHROMIUM_NAMES` found on PATH. Never downloads one.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): ChromiumLocation {
  const configured = env.WESGINE_CHROMIUM_PATH?.trim();
  if (configured !== undefined && configured !== '') {
    if (!isAbsolute(configured)) {
      return {
        path: undefined,
        problem: `WESGINE_CHROMIUM_PATH is ${JSON.stringify(configured)}, not an absolute path. ${HOW}`,
      };
    }
    if (!isExecutableFile(configured)) {
      return {
        path: undefined,
        problem: `WESGINE_CHROMIUM_PATH is ${configured}, which is not an executable file. ${HOW}`,
      };
    }
    return { path: configured };
  }
  const folders = (env.PATH ?? '').split(delimiter).filter((folder) => isAbsolute(folder));
  for (const name of CHROMIUM_NAMES) {
    for (const folder of folders) {
      const candidate = join(folder, name);
      if (isExecutableFile(candidate)) return { path: candidate };
    }
  }
  return {
    path: undefined,
    problem: `No Chromium or Chrome was found on PATH (looked for ${CHROMIUM_NAMES.join(', ')}). ${HOW}`,
  };
}

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
