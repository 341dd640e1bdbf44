/**
 * A command prefix, Codex style: element `i` lists the tokens `argv[i]` may be (one token, or a list of
 * alternatives). Always a prefix: `[git, push]` matches `git push origin main`; a final `"*"` ("any
 * rest") says so explicitly and adds nothing.
 */
export interface ArgvPattern {
  readonly elements: readonly (readonly string[])[];
}

export interface ArgvProblem {
  /** Where in the `argv` list: `''`, `[1]` or `[1][0]`. */
  readonly at: string;
  readonly message: string;
}

/** Compiles the `argv` field of a rule, or lists what is wrong with it. */
export function compileArgvPattern(value: unknown): ArgvPattern | ArgvProblem[] {
  if (!Array.isArray(value) || value.length === 0) {
    return [{ at: '', message: 'must be a non-empty list of tokens, lists of alternative tokens, or "*" last' }];
  }
  const problems: ArgvProblem[] = [];
  const elements: string[][] = [];
  value.forEach((element: unknown, index) => {
    if (element === '*') {
      if (index !== value.length - 1) {
        problems.push({ at: `[${index}]`, message: '"*" (any rest) may only be the last element' });
      }
    } else if (typeof element === 'string' && element !== '') {
      elements.push([element]);
    } else if (Array.isArray(element) && element.length > 0) {
      element.forEach((token: unknown, alternative) => {
        if (typeof token !== 'string' || token === '') {
          problems.push({ at: `[${index}][${alternative}]`, message: 'must be a non-empty string (quote numbers)' });
        }
      });
      elements.push(element.filter((token): token is string => typeof token === 'string'));
    } else {
      problems.push({
        at: `[${index}]`,
        message: 'must be a token, a non-empty list of alternative tokens, or "*" as the last element',
      });
    }
  });
  return problems.length > 0 ? problems : { elements };
}

/**
 * Whether one sub-command's argv starts with the pattern. With `byBaseName` (deny and ask rules) the
 * program may also be written with a folder: `/bin/rm` matches `rm`; allow rules need the exact word.
 */
export function matchesArgv(pattern: ArgvPattern, argv: readonly string[], byBaseName: boolean): boolean {
  const { elements } = pattern;
  if (argv.length < elements.length) return false;
  for (let index = 0; index < elements.length; index++) {
    const tokens = elements[index] as readonly string[];
    const word = argv[index] as string;
    if (tokens.includes(word)) continue;
    if (index === 0 && byBaseName && tokens.some((token) => isBaseName(word, token))) continue;
    return false;
  }
  return true;
}

function isBaseName(path: string, name: string): boolean {
  return (
    path.length > name.length &&
    path.endsWith(name) &&
    path.charCodeAt(path.length - name.length - 1) === 47 &&
    !name.includes('/')
  );
}
