import type { CommandWord } from './command-word.js';
import type { LinePath } from './line-path.js';
import { snippet } from './shell-finding.js';
import { joinPath, type Outcome, type Place, same } from './working-places.js';

export interface DirectoryContext {
  /** The command is inside a loop, where a relative `cd` moves further on each turn. */
  readonly inLoop: boolean;
  addPath(path: LinePath): void;
  ask(rule: string, message: string): void;
}

const CD_OPTION = /^-[LPe@]+$/;

function untracked(context: DirectoryContext, text: string, places: readonly Place[]): Outcome {
  context.ask(
    'untracked-directory',
    `The command line changes folder with ${snippet(text)} in a way the analysis cannot follow, so the files of later commands cannot be located.`,
  );
  return same(places);
}

/** Where `cd` or `pushd` goes from each place, reporting the folder as a path. */
function enter(
  target: CommandWord | undefined,
  places: readonly Place[],
  context: DirectoryContext,
  text: string,
  push: boolean,
): Outcome {
  const value = target?.value ?? '~';
  if (target === undefined || target.expansions.length > 0) {
    context.ask(
      'dynamic-path',
      target === undefined
        ? `${snippet(text)} changes into the home folder, which lies outside what the analysis can check.`
        : `The folder ${snippet(target.source)} that ${snippet(text)} changes into is only known when the line runs, so it cannot be checked.`,
    );
    context.addPath({ value, access: 'read', why: 'cd' });
    return { ok: places.map((place) => ({ cwd: value, stack: place.stack })), failed: places };
  }
  if (context.inLoop && !value.startsWith('/')) return untracked(context, text, places);
  const ok = places.map((place) => {
    const cwd = joinPath(place.cwd, value);
    context.addPath({ value: cwd, access: 'read', why: 'cd' });
    return { cwd, stack: push ? [place.cwd, ...place.stack] : place.stack };
  });
  return { ok, failed: places };
}

/**
 * What `cd`, `pushd` and `popd` do to the places the shell may stand in, with the folders they enter
 * reported as paths. Other commands leave the places as they are.
 */
export function changeDirectory(
  words: readonly CommandWord[],
  places: readonly Place[],
  context: DirectoryContext,
): Outcome {
  const name = words[0]?.value;
  if (name !== 'cd' && name !== 'pushd' && name !== 'popd') return same(places);
  const text = words.map((word) => word.value).join(' ');
  let index = 1;
  while (index < words.length) {
    const option = (words[index] as CommandWord).value;
    if (option === '--') {
      index++;
      break;
    }
    if (!(name === 'cd' ? CD_OPTION.test(option) : option === '-n')) break;
    if (option === '-n') return untracked(context, text, places);
    index++;
  }
  const target = words[index];
  if (name === 'popd') {
    if (target !== undefined) return untracked(context, text, places);
    const ok = places.flatMap((place) => {
      const [top, ...rest] = place.stack;
      return top === undefined ? [] : [{ cwd: top, stack: rest }];
    });
    return { ok, failed: places };
  }
  if (target?.value === '-' || (name === 'pushd' && (target === undefined || /^[+-][0-9]+$/.test(target.value)))) {
    return untracked(context, text, places);
  }
  return enter(target, places, context, text, name === 'pushd');
}
