import { readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileCell } from './files.test.fixture.js';

/** Every file under `folder` with its content, by relative path (links listed by their text). */
function snapshot(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else files[relative(folder, path)] = entry.isSymbolicLink() ? '-> link' : readFileSync(path, 'utf8');
    }
  };
  walk(folder);
  return files;
}

const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' ', '\n', '\r\n', '$&', 'é'), maxLength: 40 });
const target = fc.constantFrom(
  'f.txt',
  'sub/g.txt',
  'new.txt',
  '../outside/victim.txt',
  'door/victim.txt',
  'dangling.txt',
  'alias.txt',
  '/etc/hostname',
);

describe('edit and write, for any input', () => {
  it('never change a file outside the work folder, and leave each target whole: new or as before', async () => {
    const outcomes = { changed: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          start: text,
          path: target,
          old: text,
          replacement: text,
          all: fc.boolean(),
          useWrite: fc.boolean(),
        }),
        async ({ start, path, old, replacement, all, useWrite }) => {
          const { work, outside, run } = fileCell();
          writeFileSync(join(outside, 'victim.txt'), 'do not touch\n');
          writeFileSync(join(work, 'f.txt'), start);
          symlinkSync(outside, join(work, 'door'));
          symlinkSync(join(outside, 'ghost.txt'), join(work, 'dangling.txt'));
          symlinkSync('f.txt', join(work, 'alias.txt'));
          await run.call('read', { path: 'f.txt' });
          const outsideBefore = snapshot(outside);
          const workBefore = snapshot(work);
          const result = useWrite
            ? await run.call('write', { path, content: replacement })
            : await run.call('edit', { path, old_string: old, new_string: replacement, replace_all: all });
          expect(snapshot(outside)).toEqual(outsideBefore);
          const workAfter = snapshot(work);
          outcomes[result.isError ? 'refused' : 'changed'] += 1;
          if (result.isError) {
            expect(workAfter).toEqual(workBefore);
          } else {
            const changed = Object.keys(workAfter).filter((name) => workAfter[name] !== workBefore[name]);
            expect(changed.length).toBeLessThanOrEqual(1);
            expect(Object.keys(workAfter).every((name) => !name.includes('.wesgine-'))).toBe(true);
            for (const name of changed) expect(statSync(join(work, name)).isFile()).toBe(true);
          }
        },
      ),
      { numRuns: 150 },
    );
    // Both kinds of outcome were exercised, not only refusals.
    expect(outcomes.changed).toBeGreaterThan(15);
    expect(outcomes.refused).toBeGreaterThan(15);
  });
});
