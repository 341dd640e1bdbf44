import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findPacks } from '../find-packs.js';
import { listToolFiles } from '../load/load-pack.js';
import { UsageError } from './parse-args.js';

/**
 * The packs a command acts on: `--pack DIR`; else the pack in the current folder (it has `tools/`);
 * else, at a workspace root and when `allowWorkspace`, every pack in the workspace.
 */
export async function resolvePacks(cwd: string, pack: string | undefined, allowWorkspace: boolean): Promise<string[]> {
  if (pack !== undefined) {
    const root = resolve(cwd, pack);
    if (!existsSync(join(root, 'package.json'))) {
      throw new UsageError(
        `--pack ${pack}: no package.json in ${root}; is this a tool pack? (wesgine-tools init makes one)`,
      );
    }
    return [root];
  }
  const isPack = existsSync(join(cwd, 'tools')) && existsSync(join(cwd, 'package.json'));
  // A folder with tool definitions is a pack; a workspace root with some other tools/ folder is not.
  if (isPack && listToolFiles(cwd).length > 0) return [cwd];
  if (isWorkspaceRoot(cwd)) {
    if (!allowWorkspace) throw new UsageError('this is a workspace root: name the pack with --pack <dir>');
    const packs = await findPacks(cwd);
    if (packs.length === 0)
      throw new UsageError('no tool packs in this workspace (a pack is a workspace with tools/*.tool.ts)');
    return packs;
  }
  if (isPack) return [cwd];
  throw new UsageError(`no tool pack in ${cwd}: run in a pack folder, pass --pack <dir>, or run at a workspace root`);
}

function isWorkspaceRoot(cwd: string): boolean {
  try {
    const manifest = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as { workspaces?: unknown };
    return manifest.workspaces !== undefined;
  } catch {
    return false;
  }
}
