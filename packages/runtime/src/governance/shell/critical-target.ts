import { posix } from 'node:path';

/** Top-level folders whose direct children are the system too (`/usr/lib`, `/etc/ssl`, `/home/u`). */
const SYSTEM_FOLDERS = [
  'bin',
  'boot',
  'dev',
  'etc',
  'home',
  'lib',
  'lib32',
  'lib64',
  'libx32',
  'proc',
  'sbin',
  'sys',
  'usr',
  'var',
  'Library',
  'System',
  'Users',
];

const GLOB = /[*?[]/;
const HOME = /^(~[^/]*|\$HOME|\$\{HOME\})(\/(\.|\*|\.\*)?)?\/?$/;
const EMPTY_VARIABLE = /^(\$[A-Za-z_][A-Za-z0-9_]*|\$\{[A-Za-z_][A-Za-z0-9_]*\})\/(\*|\.\*)?$/;
const WORKING = /^\.(\.)?(\/\.\.)*$/;

/**
 * What a target of a recursive command would destroy, if it is catastrophic: the root folder, a
 * top-level folder or a direct child of a system one (`/usr/lib`, `/home/u`), the contents of those
 * (`/*`, `/usr/*`), the home folder (`~`, `~/`, `$HOME`, `~/*`), and `$X/` or `$X/*`, which are the
 * root folder when `X` is empty. With `working`, also `.`, `..` and the folders above. Returns a
 * description, or undefined.
 */
export function criticalTarget(target: string, working = false): string | undefined {
  if (HOME.test(target)) return 'the home folder';
  if (EMPTY_VARIABLE.test(target)) return `the root folder whenever ${target.split('/')[0]} is empty`;
  if (!target.startsWith('/')) {
    const normal = posix.normalize(target).replace(/\/+$/, '');
    return working && WORKING.test(normal) ? 'the working folder or a folder above it' : undefined;
  }
  const segments = posix
    .normalize(target)
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.');
  const contents = segments.length > 0 && GLOB.test(segments[segments.length - 1] as string);
  const folders = contents ? segments.slice(0, -1) : segments;
  if (folders.length === 0) return contents ? 'everything under the root folder' : 'the root folder';
  const [top] = folders;
  if (top !== undefined && GLOB.test(top)) return 'top-level folders of the system';
  const system = folders.length === 1 || (folders.length === 2 && SYSTEM_FOLDERS.includes(top as string));
  if (!system) return undefined;
  const kind = top === 'home' || top === 'Users' ? 'a home folder' : 'the system folder';
  return `${contents ? 'everything in ' : ''}${kind} /${folders.join('/')}`;
}
