// What the browser tests, the first-load bench and the README's screenshots share, free of vitest: the
// page built fresh by Vite, the system Chromium through playwright-core, and the two window sizes the
// issue asks the page to be readable at.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const APP = join(REPO, 'apps', 'playground');

/** The flags every Chromium the tests start runs with (COMMON.md): no sandbox, GPU, sync or updates. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/**
 * Builds the page with Vite into a folder of its own, so the tests always see the page as its sources
 * are now (never a stale dist/ui) and two test files building at once cannot clobber each other.
 */
export function buildPage(outDir: string): string {
  const vite = join(REPO, 'node_modules', 'vite', 'bin', 'vite.js');
  const built = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: APP,
      encoding: 'utf8',
    },
  );
  if (built.status !== 0) throw new Error(`the playground page did not build:\n${built.stderr}${built.stdout}`);
  return outDir;
}

/** Starts Chromium headless with a fresh profile (playwright-core makes a new user data folder per launch). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_FLAGS });
}

/**
 * The browser globals the tests read inside the page (test/ compiles without the DOM library); cast
 * `globalThis` to it in an `evaluate` callback. A type only, so nothing of it reaches the page.
 */
export interface InPage {
  readonly location: { hash: string; readonly href: string };
  readonly document: {
    readonly activeElement: unknown;
    readonly documentElement: { readonly scrollWidth: number; readonly clientWidth: number };
  };
}
