import { homedir } from 'node:os';
import { join, sep } from 'node:path';
import type { PathAccess } from '@wesgine/schema';
import { isInside } from './real-path.js';

export type HardlinePathDecision =
  | { readonly allow: true }
  | { readonly allow: false; readonly code: 'hardline_denied'; readonly rule: string; readonly reason: string };

interface Rule {
  readonly id: string;
  readonly applies: (path: string, access: PathAccess) => boolean;
  readonly reason: string;
}

const PSEUDO_FILESYSTEMS = ['/proc', '/sys', '/dev'];
const CREDENTIAL_FOLDERS = ['.ssh', '.aws', '.gnupg', '.azure', '.kube', '.docker', '.config/gcloud', '.config/gh'];
const AGENT_CONFIG_FOLDERS = ['.claude', '.codex', '.gemini', '.cursor', '.wesgine'];

function segments(path: string): string[] {
  return path.split(sep).filter((part) => part !== '');
}

/** Files in a git folder (`.git`, or a submodule's or worktree's under it) that make git run or load code. */
const GIT_EXECUTED_FILES = new Set(['config', 'config.worktree', 'commondir', 'gitdir']);

/**
 * Whether writing a path with these parts could make git run code: under any `.git` folder (or a bare
 * repository's `name.git`; including
 * `.git/modules/<sub>/...` and `.git/worktrees/<name>/...`, at any depth), a `hooks` folder or one of
 * `GIT_EXECUTED_FILES`; and a `.git` entry itself anywhere (a worktree's or submodule's `.git` file holds
 * `gitdir: <folder>`, so writing one points git at a folder of the writer's choosing). `info/attributes`
 * and `.gitattributes` are left writable: they only name filters and diff drivers, whose commands live
 * in a config.
 */
function gitExecutes(parts: readonly string[]): boolean {
  const last = parts.length - 1;
  for (let index = 0; index <= last; index += 1) {
    const part = (parts[index] as string).toLowerCase();
    // `.git`, or a bare repository's folder (`name.git`), whose own config and hooks git runs too.
    if (!part.endsWith('.git')) continue;
    if (index === last) return part === '.git';
    const below = parts.slice(index + 1).map((name) => name.toLowerCase());
    if (below.includes('hooks')) return true;
    if (GIT_EXECUTED_FILES.has(below.at(-1) as string)) return true;
  }
  return false;
}

function rules(home: string): Rule[] {
  const credentials = CREDENTIAL_FOLDERS.map((folder) => join(home, folder));
  return [
    {
      id: 'pseudo-filesystem',
      applies: (path) => path !== '/dev/null' && PSEUDO_FILESYSTEMS.some((root) => isInside(path, root)),
      reason: 'the /proc, /sys and /dev pseudo-filesystems are never readable or writable by tools',
    },
    {
      id: 'credentials',
      applies: (path) => credentials.some((folder) => isInside(path, folder)),
      reason: 'credential folders (~/.ssh, ~/.aws, ~/.gnupg and the cloud command lines) are never open to tools',
    },
    {
      id: 'git-hooks-and-config',
      applies: (path, access) => access === 'write' && gitExecutes(segments(path)),
      reason:
        "git runs what these say (a git folder's config and hooks, and the files that point git at another folder), so writing them would run code or change remotes behind the agent",
    },
    {
      id: 'agent-config',
      applies: (path, access) =>
        access === 'write' && segments(path).some((part) => AGENT_CONFIG_FOLDERS.includes(part)),
      reason: "agents' own configuration folders are never writable by tools",
    },
  ];
}

let cached: { readonly home: string; readonly rules: readonly Rule[] } | undefined;

/** The rules for one home folder, built once (the home folder rarely changes within a process). */
function rulesFor(home: string): readonly Rule[] {
  if (cached?.home !== home) cached = { home, rules: rules(home) };
  return cached.rules;
}

/**
 * Hardline for paths: rules no configuration can remove. Judges both the lexical and the real form of a
 * path the Sandbox resolved; either matching is a denial. `home` is the user's home folder.
 */
export function hardlinePath(
  paths: { readonly lexical: string; readonly real: string },
  access: PathAccess,
  home: string = homedir(),
): HardlinePathDecision {
  for (const rule of rulesFor(home)) {
    const hit = rule.applies(paths.lexical, access)
      ? paths.lexical
      : rule.applies(paths.real, access)
        ? paths.real
        : undefined;
    if (hit !== undefined) {
      return {
        allow: false,
        code: 'hardline_denied',
        rule: rule.id,
        reason: `${hit} is off limits: ${rule.reason}`,
      };
    }
  }
  return { allow: true };
}

/** The credential folders under a home folder, for the OS sandbox to cover wherever it shows them. */
export function credentialFolders(home: string = homedir()): string[] {
  return CREDENTIAL_FOLDERS.map((folder) => join(home, folder));
}

/**
 * What Hardline protects, for a person to read (the playground's governance view): each path or
 * pattern, and whether reading it is refused too or only writing.
 */
export function protectedPaths(home: string = homedir()): string[] {
  return [
    ...PSEUDO_FILESYSTEMS.map((root) => (root === '/dev' ? '/dev (except /dev/null)' : root)),
    ...credentialFolders(home),
    '**/.git (writing the entry itself)',
    '**/.git/hooks (writing)',
    ...[...GIT_EXECUTED_FILES].map((file) => `**/.git/${file} (writing)`),
    ...AGENT_CONFIG_FOLDERS.map((folder) => `**/${folder} (writing)`),
  ];
}
