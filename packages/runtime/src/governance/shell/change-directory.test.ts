import { describe, expect, it } from 'vitest';
import { changeDirectory, type DirectoryContext } from './change-directory.js';
import type { CommandWord } from './command-word.js';
import type { LinePath } from './line-path.js';
import { type Place, START } from './working-places.js';

const word = (value: string, dynamic = false): CommandWord => ({
  value,
  source: value,
  expansions: dynamic ? ['parameter'] : [],
});

function run(values: string[], places: readonly Place[] = [START], inLoop = false) {
  const paths: LinePath[] = [];
  const asked: string[] = [];
  const context: DirectoryContext = {
    inLoop,
    addPath: (path) => paths.push(path),
    ask: (rule) => asked.push(rule),
  };
  const outcome = changeDirectory(
    values.map((value) => word(value, value.startsWith('$'))),
    places,
    context,
  );
  return { outcome, paths: paths.map((path) => path.value), asked };
}

describe('changeDirectory', () => {
  it('leaves other commands alone', () => {
    expect(run(['ls', 'x'])).toEqual({ outcome: { ok: [START], failed: [START] }, paths: [], asked: [] });
  });

  it('moves on success and stays on failure', () => {
    expect(run(['cd', '-P', '--', 'sub'])).toEqual({
      outcome: { ok: [{ cwd: 'sub', stack: [] }], failed: [START] },
      paths: ['sub'],
      asked: [],
    });
    expect(run(['cd', '../b'], [{ cwd: 'a', stack: [] }]).outcome.ok).toEqual([{ cwd: 'b', stack: [] }]);
    expect(run(['cd', '/abs'], [{ cwd: 'a', stack: [] }]).paths).toEqual(['/abs']);
  });

  it('pushes and pops the folder stack', () => {
    const pushed = run(['pushd', 'a']).outcome.ok;
    expect(pushed).toEqual([{ cwd: 'a', stack: ['.'] }]);
    expect(run(['popd'], pushed).outcome).toEqual({ ok: [{ cwd: '.', stack: [] }], failed: pushed });
    expect(run(['popd']).outcome.ok).toEqual([]);
  });

  it('asks about folders it cannot follow', () => {
    expect(run(['cd', '-']).asked).toEqual(['untracked-directory']);
    expect(run(['pushd']).asked).toEqual(['untracked-directory']);
    expect(run(['pushd', '-n', 'a']).asked).toEqual(['untracked-directory']);
    expect(run(['popd', '+1']).asked).toEqual(['untracked-directory']);
    expect(run(['cd', 'a'], [START], true).asked).toEqual(['untracked-directory']);
    expect(run(['cd', '/a'], [START], true).asked).toEqual([]);
  });

  it('asks about the home folder and dynamic folders, and reports them as written', () => {
    expect(run(['cd'])).toMatchObject({ paths: ['~'], asked: ['dynamic-path'] });
    expect(run(['cd', '$X'])).toMatchObject({ paths: ['$X'], asked: ['dynamic-path'] });
  });
});
