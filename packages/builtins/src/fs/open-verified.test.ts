import {
  closeSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openVerified, openVerifiedSync, readFolderVerified } from './open-verified.js';
import { pinFolder, releasePinned } from './pinned-folder.js';
import { readTextFile } from './text-file.js';

// The moment after governance's check, made to stand still: each test puts the file system in the state
// a swap would leave it in (a link where a folder was judged, a folder moved) and shows what the opener
// does. The flipping loops of test/security/races.test.ts race the same code for real.

function tree() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-open-verified-')));
  mkdirSync(join(root, 'inside'));
  mkdirSync(join(root, 'outside'));
  writeFileSync(join(root, 'inside', 'a.txt'), 'inside\n');
  writeFileSync(join(root, 'outside', 'a.txt'), 'TOP SECRET\n');
  return root;
}

const swapped = (shown: string) => ({
  code: 'denied',
  message: `${shown} changed while it was being opened (a part of its path became a symbolic link or was moved), so nothing was read or written. Try again once nothing else is changing the folder.`,
});

describe('openVerified', () => {
  it('reads the file governance judged', async () => {
    const root = tree();
    expect((await readTextFile(join(root, 'inside', 'a.txt'), 'a.txt')).text).toBe('inside\n');
  });

  it('refuses a path whose folder became a link after the check, without reading it', async () => {
    const root = tree();
    renameSync(join(root, 'inside'), join(root, 'moved'));
    symlinkSync(join(root, 'outside'), join(root, 'inside'));
    await expect(readTextFile(join(root, 'inside', 'a.txt'), 'a.txt')).rejects.toMatchObject(swapped('a.txt'));
    expect(openVerifiedSync(join(root, 'inside', 'a.txt'))).toBeUndefined();
    expect(readFolderVerified(join(root, 'inside'))).toBeUndefined();
  });

  it('refuses a last component that became a link', async () => {
    const root = tree();
    renameSync(join(root, 'inside', 'a.txt'), join(root, 'inside', 'b.txt'));
    symlinkSync(join(root, 'outside', 'a.txt'), join(root, 'inside', 'a.txt'));
    await expect(openVerified(join(root, 'inside', 'a.txt'), 'a.txt')).rejects.toMatchObject(swapped('a.txt'));
  });

  it('refuses a regular file with another hard link, and says why', async () => {
    const root = tree();
    linkSync(join(root, 'outside', 'a.txt'), join(root, 'inside', 'hard.txt'));
    await expect(readTextFile(join(root, 'inside', 'hard.txt'), 'hard.txt')).rejects.toMatchObject({
      code: 'denied',
      message:
        'hard.txt has 2 hard links: the same file also has another name, perhaps outside the allowed folders, and no check can tell where, so the file tools neither read nor change it. A copy of it without links (cp) can be read.',
    });
    expect(openVerifiedSync(join(root, 'inside', 'hard.txt'))).toBeUndefined();
  });

  it('lists a folder through its own descriptor', () => {
    const root = tree();
    expect(readFolderVerified(join(root, 'inside'))?.map((entry) => entry.name)).toEqual(['a.txt']);
    const opened = openVerifiedSync(join(root, 'inside', 'a.txt'));
    expect(opened?.stat.size).toBe(7);
    if (opened !== undefined) closeSync(opened.fd);
  });
});

describe('pinFolder', () => {
  it('keeps reaching the pinned folder after it is moved and a link put in its place', async () => {
    const root = tree();
    const pinned = await pinFolder(join(root, 'inside'), 'inside/x.txt', false);
    renameSync(join(root, 'inside'), join(root, 'moved'));
    symlinkSync(join(root, 'outside'), join(root, 'inside'));
    expect(pinned.folder.inPlace()).toBe(false);
    writeFileSync(pinned.folder.path('new.txt'), 'through the descriptor\n');
    expect(readFileSync(join(root, 'moved', 'new.txt'), 'utf8')).toBe('through the descriptor\n');
    releasePinned(pinned);
  });

  it('makes missing folders one at a time and refuses a link on the way', async () => {
    const root = tree();
    const made = await pinFolder(join(root, 'inside', 'b', 'c'), 'inside/b/c/x.txt', true);
    expect(made.created.map(({ name }) => name)).toEqual(['b', 'c']);
    expect(made.folder.inPlace()).toBe(true);
    releasePinned(made);
    symlinkSync(join(root, 'outside'), join(root, 'inside', 'door'));
    await expect(pinFolder(join(root, 'inside', 'door', 'new'), 'door/new/x.txt', true)).rejects.toMatchObject(
      swapped('door/new/x.txt'),
    );
    expect(readdirSync(join(root, 'outside'))).toEqual(['a.txt']);
  });
});
