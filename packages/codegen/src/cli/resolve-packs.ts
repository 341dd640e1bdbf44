import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findPacks } from '../find-packs.js';
import { listToolFiles } from '../load/load-pack.js';
import { PACK_KEYWORD } from '../scaffold/merge-package-json.js';
import { makePackHint, PACK_RULE } from './pack-rule.js';
import { UsageError } from './parse-args.js';

/**
 * The packs a command acts on: `--pack DIR`; else the pack in the current folder (package.json and
 * `tools/`); else, at a workspace root and when `allowWorkspace`, every pack in the workspace (the root
 * too when it is a pack itself).
 */
export async function resolvePacks(cwd: string, pack: string | undefined, allowWorkspace: boolean): Promise<string[]> {
  if (pack !== undefined) {
    const root = resolve(cwd, pack);
    if (!existsSync(join(root, 'package.json'))) {
      throw new UsageError(`--pack ${pack}: no package.json in ${root}; ${PACK_RULE}; ${makePackHint(pack)}`);
    }
    return [root];
  }
  const manifest = readManifest(cwd);
  const isPack = existsSync(join(cwd, 'package.json')) && isFolder(join(cwd, 'tools'));
  // A workspace root is a pack itself only when it says so (tool definitions, or the keyword init adds);
  // one with some other tools/ folder is not. Such a root is acted on with its workspace's packs.
  const marked = isPack && (listToolFiles(cwd).length > 0 || hasPackKeyword(manifest));
  if (marked && (!allowWorkspace || manifest?.workspaces === undefined)) return [cwd];
  if (marked) return [cwd, ...(await findPacks(cwd)).filter((root) => root !== cwd)];
  if (manifest?.workspaces !== undefined) {
    if (!allowWorkspace) {
      throw new UsageError(
        `this is a workspace root, not a pack: name the pack with --pack <dir>, or ${makePackHint('.', 'the root one')}`,
      );
    }
    const packs = await findPacks(cwd);
    if (packs.length === 0) {
      throw new UsageError(
        `no tool packs in this workspace: ${PACK_RULE}, listed in the root package.json's workspaces; ${makePackHint('<dir>')}`,
      );
    }
    return packs;
  }
  if (isPack) return [cwd];
  throw new UsageError(
    `no tool pack in ${cwd}: ${PACK_RULE}; run in a pack folder or at a workspace root, pass --pack <dir>, or ${makePackHint('.')}`,
  );
}

function readManifest(cwd: string): { workspaces?: unknown; keywords?: unknown } | undefined {
  try {
    return JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as { workspaces?: unknown };
  } catch {
    return undefined;
  }
}

function hasPackKeyword(manifest: { keywords?: unknown } | undefined): boolean {
  return Array.isArray(manifest?.keywords) && manifest.keywords.includes(PACK_KEYWORD);
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
