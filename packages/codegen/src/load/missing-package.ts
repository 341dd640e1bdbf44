import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;

/**
 * The npm package an import failed to find (`Cannot find package '@wesgine/schema'`, from Node or tsx),
 * or undefined when the failure is something else. A missing relative file is not a missing package.
 */
export function missingPackage(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : '';
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND' && !message.startsWith('Cannot find')) {
    return undefined;
  }
  const found = /Cannot find (?:package|module) '((?:@[^/'\s]+\/)?[^/'.\s][^/'\s]*)/.exec(message);
  return found?.[1];
}

/**
 * One line for packages the pack imports but that are not installed, with the fix: `npm install` in the
 * pack's folder when its package.json lists them, `npm install <name>` when it does not.
 */
export function missingPackageMessage(root: string, names: readonly string[]): string {
  const listed = declaredDependencies(root);
  const sorted = [...new Set(names)].sort();
  const quoted = sorted.map((name) => `'${name}'`).join(', ');
  const verb = sorted.length === 1 ? 'is' : 'are';
  const unlisted = sorted.filter((name) => !listed.has(name));
  const fix =
    unlisted.length === 0
      ? `run \`npm install\` in ${root}`
      : `run \`npm install ${unlisted.join(' ')}\` in ${root} (package.json does not list ${unlisted.length === 1 ? 'it' : 'them'})`;
  return `the pack imports ${quoted}, which ${verb} not installed: ${fix}`;
}

function declaredDependencies(root: string): Set<string> {
  try {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
    return new Set(
      DEPENDENCY_FIELDS.flatMap((field) => {
        const value = manifest[field];
        return typeof value === 'object' && value !== null ? Object.keys(value) : [];
      }),
    );
  } catch {
    return new Set();
  }
}
