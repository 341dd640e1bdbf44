import {
  chmodSync,
  existsSync,
  linkSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileCell } from './files.test.fixture.js';

describe('write', () => {
  it('creates a file and its missing folders, and says so', async () => {
    const { work, run } = fileCell();
    const result = await run.call('write', { path: 'a/b/new.txt', content: 'one\ntwo\n' });
    expect(result).toEqual({ isError: false, text: 'Created a/b/new.txt (2 lines, 8 bytes).' });
    expect(readFileSync(join(work, 'a/b/new.txt'), 'utf8')).toBe('one\ntwo\n');
  });

  it('refuses to replace a file this session has not read, and changes nothing', async () => {
    const { work, run } = fileCell();
    writeFileSync(join(work, 'x.txt'), 'original\n');
    expect(await run.call('write', { path: 'x.txt', content: 'new\n' })).toEqual({
      isError: true,
      code: 'not_read',
      text: 'x.txt exists and has not been read in this session; read it first, then change it.',
    });
    expect(readFileSync(join(work, 'x.txt'), 'utf8')).toBe('original\n');
  });

  it('replaces a file after a read, keeping its mode, and a second write needs no new read', async () => {
    const { work, run } = fileCell();
    const file = join(work, 'script.sh');
    writeFileSync(file, '#!/bin/sh\necho 1\n');
    chmodSync(file, 0o750);
    await run.call('read', { path: 'script.sh' });
    expect(await run.call('write', { path: 'script.sh', content: '#!/bin/sh\necho 2\n' })).toEqual({
      isError: false,
      text: 'Replaced script.sh (2 lines, 17 bytes).',
    });
    expect(statSync(file).mode & 0o777).toBe(0o750);
    expect((await run.call('write', { path: 'script.sh', content: 'echo 3\n' })).isError).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe('echo 3\n');
  });

  it('refuses a file that changed on disk since it was read, but not one that was only touched', async () => {
    const { work, run } = fileCell();
    const file = join(work, 'x.txt');
    writeFileSync(file, 'v1\n');
    await run.call('read', { path: 'x.txt' });
    utimesSync(file, new Date(2001, 1, 1), new Date(2001, 1, 1));
    expect((await run.call('write', { path: 'x.txt', content: 'mine\n' })).isError).toBe(false);
    writeFileSync(file, 'changed by someone else\n');
    expect(await run.call('write', { path: 'x.txt', content: 'mine again\n' })).toEqual({
      isError: true,
      code: 'stale_read',
      text: 'x.txt has changed since it was last read (by someone else, or a formatter); read it again before changing it.',
    });
    expect(readFileSync(file, 'utf8')).toBe('changed by someone else\n');
  });

  it('keeps read ledgers per session', async () => {
    const { work, newRun } = fileCell();
    writeFileSync(join(work, 'x.txt'), 'v1\n');
    await newRun('reader').call('read', { path: 'x.txt' });
    expect((await newRun('other').call('write', { path: 'x.txt', content: 'v2\n' })).code).toBe('not_read');
    expect((await newRun('reader').call('write', { path: 'x.txt', content: 'v2\n' })).isError).toBe(false);
  });

  it('never writes through a symlink in the last component, even one that stays inside', async () => {
    const { work, run } = fileCell();
    writeFileSync(join(work, 'real.txt'), 'real\n');
    symlinkSync('real.txt', join(work, 'alias.txt'));
    await run.call('read', { path: 'alias.txt' });
    expect(await run.call('write', { path: 'alias.txt', content: 'through the link\n' })).toEqual({
      isError: true,
      code: 'not_a_file',
      text: 'alias.txt is a symbolic link; files are never changed through a link. Change real.txt instead.',
    });
    expect(readFileSync(join(work, 'real.txt'), 'utf8')).toBe('real\n');
  });

  it('refuses targets outside the work folder: relative, absolute, through links and dangling links', async () => {
    const { work, outside, run } = fileCell();
    symlinkSync(outside, join(work, 'door'));
    symlinkSync(join(outside, 'new.txt'), join(work, 'dangling.txt'));
    for (const path of ['../outside/x.txt', join(outside, 'x.txt'), 'door/x.txt', 'dangling.txt']) {
      const result = await run.call('write', { path, content: 'escape\n' });
      expect(result).toMatchObject({ isError: true, code: 'path_not_allowed' });
    }
    expect(readdirSync(outside)).toEqual([]);
  });

  it('refuses a file hard-linked from elsewhere (the Sandbox), changing neither name', async () => {
    const { work, outside, run } = fileCell();
    writeFileSync(join(outside, 'shared.txt'), 'outside\n');
    linkSync(join(outside, 'shared.txt'), join(work, 'linked.txt'));
    await run.call('read', { path: 'linked.txt' });
    expect(await run.call('write', { path: 'linked.txt', content: 'inside\n' })).toEqual({
      isError: true,
      code: 'path_not_allowed',
      text: 'Not allowed: linked.txt has other hard links; writing it would change a file elsewhere.',
    });
    expect(readFileSync(join(outside, 'shared.txt'), 'utf8')).toBe('outside\n');
    expect(readFileSync(join(work, 'linked.txt'), 'utf8')).toBe('outside\n');
  });

  it('refuses a folder as the target and leaves no temporary files behind', async () => {
    const { work, run } = fileCell();
    await run.call('write', { path: 'dir/keep.txt', content: 'k\n' });
    expect(await run.call('write', { path: 'dir', content: 'x' })).toMatchObject({ isError: true, code: 'not_a_file' });
    expect(readdirSync(join(work, 'dir'))).toEqual(['keep.txt']);
    expect(existsSync(join(work, 'dir', 'keep.txt'))).toBe(true);
  });

  it('refuses control characters, over-long paths and parts, and invisible characters in names', async () => {
    const { work, run } = fileCell();
    const cases: [string, string][] = [
      ['a\nb.txt', 'Not allowed: the path "a\\nb.txt" contains control characters.'],
      ['x'.repeat(4100), 'Not allowed: the path is 4100 characters long; the limit is 4096.'],
      [`${'y'.repeat(300)}/z`, 'Not allowed: a part of the path is longer than 255 characters.'],
      [
        'bad\u202ename.txt',
        'Not allowed: the path "bad\u202ename.txt" contains invisible or direction-changing characters.',
      ],
    ];
    for (const [path, text] of cases) {
      expect(await run.call('write', { path, content: 'x' })).toEqual({
        isError: true,
        code: 'path_not_allowed',
        text,
      });
    }
    expect(readdirSync(work)).toEqual([]);
  });

  it('takes ~ and file: URLs as literal names inside the work folder', async () => {
    const { work, run } = fileCell();
    expect((await run.call('write', { path: '~/x', content: 'y' })).text).toBe('Created ~/x (1 line, 1 byte).');
    expect((await run.call('write', { path: 'file:///etc/hosts', content: 'y' })).isError).toBe(false);
    expect(readFileSync(join(work, '~', 'x'), 'utf8')).toBe('y');
    expect(readFileSync(join(work, 'file:', 'etc', 'hosts'), 'utf8')).toBe('y');
  });

  it('says a path that runs through a file cannot exist', async () => {
    const { work, run } = fileCell();
    writeFileSync(join(work, 'blocker'), 'a file\n');
    expect(await run.call('write', { path: 'blocker/c.txt', content: 'x' })).toEqual({
      isError: true,
      code: 'path_not_allowed',
      text: 'Not allowed: blocker/c.txt cannot exist: a part of it before the last is a file, not a folder.',
    });
  });

  it('replaces a file whose name is as long as names may be', async () => {
    const { work, run } = fileCell();
    const name = `${'n'.repeat(251)}.txt`;
    writeFileSync(join(work, name), 'old\n');
    await run.call('read', { path: name });
    expect((await run.call('write', { path: name, content: 'new\n' })).isError).toBe(false);
    expect(readFileSync(join(work, name), 'utf8')).toBe('new\n');
  });

  it('serialises concurrent writes of one file: every call answers, the file holds one whole content', async () => {
    const { work, run } = fileCell();
    const contents = Array.from({ length: 20 }, (_, index) => `${String(index).repeat(1000)}\n`);
    const results = await Promise.all(contents.map((content) => run.call('write', { path: 'race.txt', content })));
    expect(results.filter((result) => !result.isError)).toHaveLength(20);
    expect(contents).toContain(readFileSync(join(work, 'race.txt'), 'utf8'));
    expect(readdirSync(work)).toEqual(['race.txt']);
  });
});
