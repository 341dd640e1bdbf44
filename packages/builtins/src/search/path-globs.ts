// Globs with ripgrep's --glob meaning (gitignore rules): a glob without a slash matches the file name at
// any depth, one with a slash matches the path from the search folder, a trailing slash only folders,
// a leading ! excludes; the last glob that matches decides, and when any glob includes, a file that
// matches none is left out.
import { ToolError } from '@wesgine/schema';
import picomatch from 'picomatch';

interface PathGlob {
  readonly negated: boolean;
  readonly dirOnly: boolean;
  readonly anchored: boolean;
  readonly test: (value: string) => boolean;
}

export type GlobVerdict = 'include' | 'exclude' | undefined;

export function compileGlob(glob: string): PathGlob {
  let body = glob;
  const negated = body.startsWith('!');
  if (negated) body = body.slice(1);
  const dirOnly = body.endsWith('/');
  if (dirOnly) body = body.replace(/\/+$/, '');
  const anchored = body.includes('/');
  if (body.startsWith('/')) body = body.slice(1);
  if (body === '') {
    throw new ToolError(
      'invalid_arguments',
      `The glob '${glob}' has no pattern in it; write one such as *.ts or src/**/*.py.`,
    );
  }
  return { negated, dirOnly, anchored, test: picomatch(body, { dot: true }) };
}

export class GlobFilter {
  readonly #globs: readonly PathGlob[];
  readonly #includes: boolean;

  constructor(globs: readonly string[]) {
    this.#globs = globs.map(compileGlob);
    this.#includes = this.#globs.some((glob) => !glob.negated);
  }

  /** `rel` is the path from the search folder ('/'-separated), `name` its last part. */
  match(rel: string, name: string, isDir: boolean): GlobVerdict {
    for (let index = this.#globs.length - 1; index >= 0; index--) {
      const glob = this.#globs[index] as PathGlob;
      if (glob.dirOnly && !isDir) continue;
      if (glob.test(glob.anchored ? rel : name)) return glob.negated ? 'exclude' : 'include';
    }
    return this.#includes && !isDir ? 'exclude' : undefined;
  }
}

/** The globs of grep's `glob` argument: several may be given separated by spaces. */
export function splitGlobs(value: string): string[] {
  return value.split(/\s+/).filter((glob) => glob !== '');
}
