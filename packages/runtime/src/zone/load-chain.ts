import { existsSync, realpathSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { reporter } from './check-fields.js';
import { checkPolicy, type PolicySpec } from './check-policy.js';
import { POLICY_EXTENSIONS, readPolicyFile } from './read-policy-file.js';

/** One zone of an `extends` chain: its checked policy, its file and text (none for an object), its parents. */
export interface ChainLink {
  readonly spec: PolicySpec;
  readonly file: string | undefined;
  /** The file's text as it was read, for a person to see what was loaded. */
  readonly text: string | undefined;
  readonly parents: readonly ChainLink[];
}

/**
 * Loads a policy and every zone it extends, each file once (a zone two parents share is one link).
 * Returns the links parents first, the loaded zone last; problems go to `problems`, and loading goes on
 * past them so that one pass reports them all. An empty list means the policy itself could not be read.
 */
export function loadChain(source: string | object, baseDir: string | undefined, problems: string[]): ChainLink[] {
  const links: ChainLink[] = [];
  const loaded = new Map<string, ChainLink | undefined>();

  const fromValue = (
    value: unknown,
    file: string | undefined,
    stack: readonly ChainStep[],
    text?: string,
  ): ChainLink | undefined => {
    const report = reporter(file, problems);
    const spec = checkPolicy(value, report);
    if (spec === undefined) return undefined;
    const folder = file === undefined ? baseDir : dirname(file);
    const parents: ChainLink[] = [];
    spec.extends.forEach((name, index) => {
      if (folder === undefined) {
        report(`extends[${index}]`, `a policy given as an object needs options.baseDir to find "${name}"`);
        return;
      }
      const found = findParent(name, resolve(folder));
      if (typeof found === 'string') {
        report(`extends[${index}]`, found);
        return;
      }
      const seen = stack.findIndex((step) => step.key === found.key);
      if (seen !== -1) {
        const cycle = [...stack.slice(seen).map((step) => step.file), found.file].join(' -> ');
        report(`extends[${index}]`, `makes a cycle: ${cycle}`);
        return;
      }
      const parent = fromFile(found, stack);
      if (parent !== undefined) parents.push(parent);
    });
    const link: ChainLink = { spec, file, text, parents };
    links.push(link);
    return link;
  };

  const fromFile = (step: ChainStep, stack: readonly ChainStep[]): ChainLink | undefined => {
    if (loaded.has(step.key)) return loaded.get(step.key);
    const read = readPolicyFile(step.file, reporter(step.file, problems));
    const link = read === undefined ? undefined : fromValue(read.value, step.file, [...stack, step], read.text);
    loaded.set(step.key, link);
    return link;
  };

  if (typeof source === 'string') {
    const file = resolve(baseDir ?? process.cwd(), source);
    fromFile({ file, key: identity(file) }, []);
  } else {
    fromValue(source, undefined, []);
  }
  return links;
}

/** A file on the way down an `extends` chain: as named, and by real path (so links cannot hide a cycle). */
interface ChainStep {
  readonly file: string;
  readonly key: string;
}

/** The file an `extends` entry names: a path with its extension, or a name tried as `.yaml`, `.yml`, `.json`. */
function findParent(name: string, folder: string): ChainStep | string {
  if ((POLICY_EXTENSIONS as readonly string[]).includes(extname(name).toLowerCase())) {
    const file = resolve(folder, name);
    return existsSync(file) ? { file, key: identity(file) } : `${file} does not exist`;
  }
  for (const extension of POLICY_EXTENSIONS) {
    const file = resolve(folder, `${name}${extension}`);
    if (existsSync(file)) return { file, key: identity(file) };
  }
  return `found no ${POLICY_EXTENSIONS.map((extension) => `${name}${extension}`).join(', ')} in ${folder}`;
}

function identity(file: string): string {
  try {
    return realpathSync.native(file);
  } catch {
    return file;
  }
}
