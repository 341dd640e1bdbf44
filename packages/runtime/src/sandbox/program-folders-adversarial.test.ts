// programFolders given argv words meant to widen what the sandbox shows: option values taken for the
// script, links in the cell's roots that lead out of them.
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programFolders } from './program-folders.js';

let root: string;
let home: string;
let work: string;
let secret: string;
const PATH = '/usr/bin:/bin';

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-program-attack-')));
  home = join(root, 'home');
  work = join(root, 'work');
  secret = join(root, 'secret');
  for (const folder of [home, work, secret]) mkdirSync(folder);
  writeFileSync(join(secret, 'tool.py'), 'print(1)\n');
  writeFileSync(join(secret, 'lib.cjs'), 'module.exports = 1;\n');
  writeFileSync(join(secret, 'run'), '#!/bin/sh\n');
  chmodSync(join(secret, 'run'), 0o755);
  writeFileSync(join(work, 'server.mjs'), 'export {};\n');
  // A venv in the project, its python a link to the system's: a link out, but to a system folder.
  mkdirSync(join(work, '.venv', 'bin'), { recursive: true });
  symlinkSync('/usr/bin/python3', join(work, '.venv', 'bin', 'python'));
  symlinkSync(join(secret, 'tool.py'), join(work, 'mcp_tool'));
  symlinkSync(join(secret, 'run'), join(work, 'run'));
  symlinkSync(secret, join(work, 'linked'));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('programFolders against argv tricks', () => {
  it('takes no script after inline code or a module name', () => {
    const file = join(secret, 'tool.py');
    expect(programFolders(['/usr/bin/node', '-e', file], PATH, work, home, [work]).folders).toEqual([]);
    expect(programFolders(['/usr/bin/node', '--print', file], PATH, work, home, [work]).folders).toEqual([]);
    expect(programFolders(['/usr/bin/python3', '-c', file], PATH, work, home, [work]).folders).toEqual([]);
    expect(programFolders(['/usr/bin/python3', '-m', 'mcp_tool'], PATH, work, home, [work]).folders).toEqual([]);
  });

  it('takes a preloaded file for no script, and the script after it for the script', () => {
    const lib = join(secret, 'lib.cjs');
    for (const option of ['-r', '--require', '--import', '--loader']) {
      const found = programFolders(['/usr/bin/node', option, lib, 'server.mjs'], PATH, work, home, [work]);
      expect(found.folders).toEqual([work]);
    }
    expect(
      programFolders(['/usr/bin/python3', '-W', 'ignore', '-X', 'utf8', '--', 'server.mjs'], PATH, work, home).folders,
    ).toEqual([work]);
  });

  it('refuses a script or program reached through a link in the roots that leads out of them', () => {
    expect(() => programFolders(['/usr/bin/python3', 'mcp_tool'], PATH, work, home, [work])).toThrow(
      `its script ${join(work, 'mcp_tool')} is a link in the cell's roots to ${join(secret, 'tool.py')}, outside them; the cell's tools may change such a link, so it shows nothing more; name ${join(secret, 'tool.py')} itself`,
    );
    expect(() => programFolders(['./run'], PATH, work, home, [work])).toThrow(
      `its program ${join(work, 'run')} is a link in the cell's roots to ${join(secret, 'run')}`,
    );
    // A folder link on the way counts the same.
    expect(() => programFolders(['/usr/bin/python3', 'linked/tool.py'], PATH, work, home, [work])).toThrow(
      `its script ${join(work, 'linked', 'tool.py')} is a link in the cell's roots`,
    );
  });

  it('takes a link in the roots to a system folder, a root or a folder shown anyway', () => {
    expect(programFolders([join(work, '.venv', 'bin', 'python'), 'server.mjs'], PATH, work, home, [work]).program).toBe(
      join(work, '.venv', 'bin', 'python'),
    );
    expect(programFolders(['/usr/bin/python3', 'mcp_tool'], PATH, work, home, [work], [secret]).folders).toEqual([
      secret,
    ]);
    // Without roots (a caller that has none to give), a link is followed as before.
    expect(programFolders(['/usr/bin/python3', 'mcp_tool'], PATH, work, home).folders).toEqual([secret]);
  });
});
