import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PluginSpec } from '@wesgine/runtime';
import { fromSources, packageFolder } from './package-folder.js';

/** How the cell starts the `demo` plugin, and the folders its program must read inside the OS sandbox. */
export interface DemoPlugin {
  readonly spec: PluginSpec;
  readonly readPaths: readonly string[];
}

/**
 * The `demo` plugin (`demo-plugin.ts`, serving `word_count`) as a cell starts it: from the build with
 * plain `node`, or from the sources with tsx and the `@wesgine/source` condition (the tests). It runs in
 * the OS sandbox like every plugin, which sees the system folders and the cell's roots only; so the
 * sandbox is told to let it read its own code and the packages it loads (read-only), and nothing more:
 * not the data folder, where the token is kept.
 */
export function demoPlugin(): DemoPlugin {
  const own = packageFolder();
  const sources = fromSources();
  const folder = join(own, sources ? 'src' : 'dist', 'server');
  const program = join(folder, sources ? 'demo-plugin.ts' : 'demo-plugin.js');
  if (!existsSync(program)) {
    throw new Error(`the demo plugin's program ${program} is missing; build the playground first (npm run build)`);
  }
  const args = sources ? ['--conditions=@wesgine/source', '--import', tsxLoader(), program] : [program];
  return {
    spec: { name: 'demo', command: process.execPath, args },
    readPaths: [folder, ...packageFolders(own)],
  };
}

/** tsx's loader by its URL: the plugin runs in the workspace, where `--import tsx` would find nothing. */
function tsxLoader(): string {
  return pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
}

/**
 * Every `node_modules` folder above `start`, and the real folders of the workspace packages linked from
 * their `@wesgine` scope (npm workspaces link them there): what Node reads to load the plugin's imports.
 */
function packageFolders(start: string): string[] {
  const found = new Set<string>();
  let folder = start;
  for (;;) {
    const modules = join(folder, 'node_modules');
    if (existsSync(modules)) {
      found.add(realpathSync(modules));
      const scope = join(modules, '@wesgine');
      if (existsSync(scope)) for (const name of readdirSync(scope)) found.add(realpathSync(join(scope, name)));
    }
    const parent = dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  return [...found];
}
