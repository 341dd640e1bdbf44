import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine } from '@wesgine/runtime';
import { defineTool, defineToolPack, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { applyPatch } from '../handlers/apply_patch.js';
import { patchCell, snapshot } from './patch.test.fixture.js';

/** A cell whose work folder has a.txt, a link to the outside folder and links to files outside. */
function guardedCell() {
  const cell = patchCell({ 'a.txt': 'a\n' });
  writeFileSync(join(cell.outside, 'victim.txt'), 'do not touch\n');
  symlinkSync(cell.outside, join(cell.work, 'door'));
  symlinkSync(join(cell.outside, 'victim.txt'), join(cell.work, 'victim-link'));
  symlinkSync(join(cell.outside, 'ghost.txt'), join(cell.work, 'dangling'));
  return cell;
}

/** Runs the patch made of `lines` with a.txt updated first, and checks nothing changed anywhere. */
async function refused(lines: readonly string[]) {
  const cell = guardedCell();
  const work = cell.tree();
  const outside = snapshot(cell.outside);
  const result = await cell.patch('*** Begin Patch', '*** Update File: a.txt', '-a', '+A', ...lines, '*** End Patch');
  expect(result.isError).toBe(true);
  expect(cell.tree()).toEqual(work);
  expect(snapshot(cell.outside)).toEqual(outside);
  return result;
}

describe('apply_patch under governance', () => {
  it('P16: refuses an Add, Delete, Update or Move to outside the work folder, writing nothing', async () => {
    const cases: [string[], string][] = [
      [['*** Add File: ../evil.sh', '+x'], 'path_not_allowed'],
      [['*** Add File: ../outside/new.txt', '+x'], 'path_not_allowed'],
      [['*** Add File: /etc/cron.d/x', '+x'], 'path_not_allowed'],
      [['*** Delete File: /etc/hosts'], 'path_not_allowed'],
      [['*** Delete File: ../outside/victim.txt'], 'path_not_allowed'],
      [['*** Update File: ../outside/victim.txt', '-do not touch', '+owned'], 'path_not_allowed'],
      [['*** Add File: sub/../../x', '+x'], 'path_not_allowed'],
    ];
    for (const [lines, code] of cases) expect((await refused(lines)).code, lines[0]).toBe(code);
  });

  it('refuses a Move to that escapes, and leaves the source in place', async () => {
    for (const destination of ['../../x', '../outside/moved.txt', '/tmp/moved.txt', 'door/moved.txt']) {
      const cell = guardedCell();
      const result = await cell.patch(
        '*** Begin Patch',
        '*** Update File: a.txt',
        `*** Move to: ${destination}`,
        '-a',
        '+b',
        '*** End Patch',
      );
      expect(result.code, destination).toBe('path_not_allowed');
      expect(result.text).toMatch(/^Not allowed: /);
      expect(readFileSync(join(cell.work, 'a.txt'), 'utf8')).toBe('a\n');
      expect(existsSync(join(cell.outside, 'moved.txt'))).toBe(false);
    }
  });

  it('P17: refuses a link inside the work folder that leads outside, dangling or not', async () => {
    expect((await refused(['*** Update File: victim-link', '@@', '+alias x=y'])).code).toBe('path_not_allowed');
    expect((await refused(['*** Delete File: victim-link'])).code).toBe('path_not_allowed');
    expect((await refused(['*** Add File: dangling', '+x'])).code).toBe('path_not_allowed');
    expect((await refused(['*** Add File: door/new.txt', '+x'])).code).toBe('path_not_allowed');
  });

  it('refuses a link that stays inside: a patch never writes through a link, nor deletes one', async () => {
    const cell = patchCell({ 'real.txt': 'r\n' });
    symlinkSync('real.txt', join(cell.work, 'alias.txt'));
    const before = cell.tree();
    expect(await cell.patch('*** Begin Patch', '*** Update File: alias.txt', '-r', '+R', '*** End Patch')).toEqual({
      isError: true,
      code: 'not_a_file',
      text: 'alias.txt is a symbolic link; a patch never changes a file through a link, nor the link itself. Name the file it points to instead: real.txt.',
    });
    expect((await cell.patch('*** Begin Patch', '*** Delete File: alias.txt', '*** End Patch')).code).toBe(
      'not_a_file',
    );
    // Found by the property test: a Move to a link back to the file itself is still a link.
    const back = await cell.patch(
      '*** Begin Patch',
      '*** Update File: real.txt',
      '*** Move to: alias.txt',
      '-r',
      '+R',
      '*** End Patch',
    );
    expect(back.code).toBe('not_a_file');
    expect(cell.tree()).toEqual(before);
  });

  it('refuses writes to .git/hooks, .git/config and agent settings (Hardline)', async () => {
    expect((await refused(['*** Add File: .git/hooks/pre-commit', '+#!/bin/sh'])).code).toBe('hardline_denied');
    expect((await refused(['*** Add File: .claude/settings.json', '+{}'])).code).toBe('hardline_denied');
    const cell = patchCell({ 'a.txt': 'a\n' });
    const moved = await cell.patch(
      '*** Begin Patch',
      '*** Update File: a.txt',
      '*** Move to: .git/config',
      '-a',
      '*** End Patch',
    );
    expect(moved.code).toBe('hardline_denied');
    expect(cell.tree()).toEqual({ 'a.txt': 'a\n' });
  });

  it('refuses control and invisible characters in a path', async () => {
    expect((await refused(['*** Add File: evil\u202etxt.sh', '+x'])).code).toBe('path_not_allowed');
  });

  it('refuses every path governance did not check, so no parser difference can let one through', async () => {
    // The same handler behind a definition that names no paths: the sandbox sees none.
    const blind = defineTool({
      name: 'apply_patch',
      description: 'Patch.',
      parameters: Type.Object({ input: Type.String() }),
    });
    const engine = createEngine({
      tools: defineToolPack({ name: 'blind', version: '1.0.0', tools: [blind], handlers: { apply_patch: applyPatch } }),
    });
    const cell = patchCell();
    const run = engine.createCell({ workDir: cell.work, dataDir: join(cell.work, '..', 'data2') }).run({});
    const result = await run.call('apply_patch', {
      input: '*** Begin Patch\n*** Add File: ../outside/x\n+x\n*** End Patch',
    });
    expect(result).toEqual({
      isError: true,
      code: 'denied',
      text: 'The patch names ../outside/x, which the sandbox did not check, so nothing was changed. Write each path exactly after its marker.',
    });
    expect(snapshot(cell.outside)).toEqual({});
  });
});
