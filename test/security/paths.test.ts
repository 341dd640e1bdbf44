import { linkSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@wesgine/runtime';
import { describe, expect, it } from 'vitest';
import pack from '../example-pack/src/index.js';
import { fingerprint } from './effects.fixture.js';

// Threat list rows (research B, section d) for paths, symlinks and special files, driven through
// run.call with the example pack as the engine's tools, each in a throwaway work folder. Every test
// proves the refusal and that nothing outside the work folder was read into the result or changed.

function world() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-security-')));
  const work = join(root, 'proj');
  const outside = join(root, 'outside');
  mkdirSync(join(work, 'sub'), { recursive: true });
  mkdirSync(outside);
  mkdirSync(join(root, 'proj-evil'));
  writeFileSync(join(outside, 'secret.md'), 'TOP SECRET\n');
  writeFileSync(join(work, 'notes.md'), 'hello\n');
  const run = createEngine({ tools: pack }).createCell({ workDir: work }).run();
  const before = fingerprint(outside) + fingerprint(join(root, 'proj-evil'));
  const untouched = () => fingerprint(outside) + fingerprint(join(root, 'proj-evil')) === before;
  return { root, work, outside, run, untouched };
}

const write = (path: string) => ({ path, text: 'pwned\n', mode: 'overwrite' });

describe('security: paths', () => {
  it('row 1: a relative escape is refused', async () => {
    const { run, untouched } = world();
    const result = await run.call('notes.read', { path: '../outside/secret.md' });
    expect(result).toMatchObject({ isError: true, code: 'path_not_allowed' });
    expect(result.text).not.toContain('TOP SECRET');
    expect(untouched()).toBe(true);
  });

  it('row 2: an absolute path outside is refused; ~/.ssh is Hardline', async () => {
    const { run, outside, untouched } = world();
    expect(await run.call('notes.write', write(join(outside, 'secret.md')))).toMatchObject({
      code: 'path_not_allowed',
    });
    expect(await run.call('notes.read', { path: join(process.env.HOME ?? '/root', '.ssh/id_rsa') })).toMatchObject({
      code: 'hardline_denied',
    });
    expect(untouched()).toBe(true);
  });

  it('row 3: a lexical escape through an existing folder is refused', async () => {
    const { run, untouched } = world();
    expect(await run.call('notes.write', write('sub/../../outside/secret.md'))).toMatchObject({
      code: 'path_not_allowed',
    });
    expect(untouched()).toBe(true);
  });

  it('row 4: a sibling folder sharing the prefix is outside', async () => {
    const { run, root, untouched } = world();
    expect(await run.call('notes.write', write(join(root, 'proj-evil/x.md')))).toMatchObject({
      code: 'path_not_allowed',
    });
    expect(untouched()).toBe(true);
  });

  it('row 12: a folder symlink to outside is refused', async () => {
    const { run, work, outside, untouched } = world();
    symlinkSync(outside, join(work, 'link'));
    const result = await run.call('notes.read', { path: 'link/secret.md' });
    expect(result).toMatchObject({ code: 'path_not_allowed' });
    expect(result.text).not.toContain('TOP SECRET');
    expect(untouched()).toBe(true);
  });

  it('row 13: a write through a final-component symlink to outside is refused', async () => {
    const { run, work, outside, untouched } = world();
    symlinkSync(join(outside, 'secret.md'), join(work, 'innocent.md'));
    expect(await run.call('notes.write', write('innocent.md'))).toMatchObject({ code: 'path_not_allowed' });
    expect(untouched()).toBe(true);
  });

  it('row 14: a dangling symlink to outside is refused, and nothing is created there', async () => {
    const { run, work, outside, untouched } = world();
    symlinkSync(join(outside, 'new.md'), join(work, 'draft.md'));
    expect(await run.call('notes.write', { path: 'draft.md', text: 'x', mode: 'create' })).toMatchObject({
      code: 'path_not_allowed',
    });
    expect(untouched()).toBe(true);
  });

  it('row 16: a symlink loop is an error, quickly', async () => {
    const { run, work } = world();
    symlinkSync('b.md', join(work, 'a.md'));
    symlinkSync('a.md', join(work, 'b.md'));
    const started = performance.now();
    expect(await run.call('notes.read', { path: 'a.md' })).toMatchObject({ code: 'path_not_allowed' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('row 17: a write to a hard link of an outside file is refused', async () => {
    const { run, work, outside, untouched } = world();
    linkSync(join(outside, 'secret.md'), join(work, 'hard.md'));
    expect(await run.call('notes.write', write('hard.md'))).toMatchObject({ code: 'path_not_allowed' });
    expect(untouched()).toBe(true);
  });

  it('row 18: /proc and /sys are Hardline, whatever the allowed folders', async () => {
    const { run } = world();
    for (const path of ['/proc/self/environ', '/proc/self/root/etc/passwd', '/sys/kernel/notes']) {
      expect(await run.call('notes.read', { path })).toMatchObject({ code: 'hardline_denied' });
    }
  });

  it('a path inside the work folder still works', async () => {
    const { run, work } = world();
    expect(await run.call('notes.write', { path: 'sub/ok.md', text: 'fine\n', mode: 'create' })).toMatchObject({
      isError: false,
    });
    expect(readFileSync(join(work, 'sub/ok.md'), 'utf8')).toBe('fine\n');
  });
});
