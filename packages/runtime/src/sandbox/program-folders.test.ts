import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programFolders } from './program-folders.js';

let root: string;
let home: string;
const PATH = '/usr/bin:/bin';

function file(path: string, text: string, executable = false): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  if (executable) chmodSync(path, 0o755);
  return path;
}

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-program-folders-')));
  home = join(root, 'home');
  mkdirSync(home);
  // A project with a package whose bin is a Node script without an extension, linked from .bin.
  file(join(root, 'project', 'package.json'), '{}');
  file(join(root, 'project', 'node_modules', 'tool', 'package.json'), '{}');
  file(join(root, 'project', 'node_modules', 'tool', 'bin', 'tool'), '#!/usr/bin/env node\n', true);
  mkdirSync(join(root, 'project', 'node_modules', '.bin'));
  symlinkSync('../tool/bin/tool', join(root, 'project', 'node_modules', '.bin', 'tool'));
  file(join(root, 'project', 'src', 'server.mjs'), 'export {};\n');
  file(join(root, 'scripts', 'plugin.py'), 'print(1)\n');
  // A virtual environment: its python is a link to the system's.
  file(join(root, 'venv', 'pyvenv.cfg'), 'home = /usr/bin\n');
  mkdirSync(join(root, 'venv', 'bin'));
  symlinkSync('/usr/bin/python3', join(root, 'venv', 'bin', 'python'));
  file(join(home, 'plugin.py'), 'print(1)\n');
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('programFolders', () => {
  it('shows a Node bin its package and every node_modules folder Node would look in', () => {
    const found = programFolders([join(root, 'project', 'node_modules', '.bin', 'tool'), '/'], PATH, root, home);
    expect(found).toEqual({
      program: join(root, 'project', 'node_modules', '.bin', 'tool'),
      folders: [join(root, 'project', 'node_modules')],
    });
  });

  it('shows a script given to node its package, and never the folders named in the other arguments', () => {
    const found = programFolders(['node', '--no-warnings', 'src/server.mjs', root], PATH, join(root, 'project'), home);
    expect(found).toEqual({ program: '/usr/bin/node', folders: [join(root, 'project')] });
  });

  it('shows a Python script its folder, and a virtual environment its prefix', () => {
    const script = join(root, 'scripts', 'plugin.py');
    expect(programFolders(['/usr/bin/python3', script, '/etc'], PATH, root, home).folders).toEqual([
      join(root, 'scripts'),
    ]);
    expect(programFolders([join(root, 'venv', 'bin', 'python'), script], PATH, root, home).folders).toEqual([
      join(root, 'venv'),
      join(root, 'scripts'),
    ]);
  });

  it('refuses a program it cannot find, and a script in the home folder itself', () => {
    expect(() => programFolders(['no-such-program-7'], PATH, root, home)).toThrow(
      'no-such-program-7 was not found on the PATH (/usr/bin:/bin)',
    );
    expect(() => programFolders(['/usr/bin/python3', 'plugin.py'], PATH, home, home)).toThrow(
      `its script ${home}/plugin.py lies in ${home}, which holds the home folder and is never shown; move it into a folder of its own`,
    );
  });
});
