import { linkSync, mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgePath, type SandboxRoots } from './sandbox-path.js';

// The path, symlink and hard-link rows of the threat list (research B, section d), at the Sandbox.

function world(): { root: string; work: string; outside: string; roots: SandboxRoots } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-sandbox-')));
  const work = join(root, 'proj');
  const outside = join(root, 'outside');
  mkdirSync(join(work, 'sub'), { recursive: true });
  mkdirSync(outside);
  mkdirSync(join(root, 'proj-evil'));
  writeFileSync(join(outside, 'secret.md'), 'secret');
  writeFileSync(join(work, 'notes.md'), 'notes');
  return { root, work, outside, roots: { workDir: work, allowPaths: [], denyPaths: [] } };
}

const reasonOf = (decision: ReturnType<typeof judgePath>) => (decision.allow ? 'allowed' : decision.reason);

describe('judgePath', () => {
  it('allows a path inside the work folder and gives both forms', () => {
    const { work, roots } = world();
    expect(judgePath('sub/new.md', 'write', roots)).toEqual({
      allow: true,
      lexical: join(work, 'sub/new.md'),
      real: join(work, 'sub/new.md'),
    });
  });

  it('row 1, 3: refuses .. escapes, also through an existing folder', () => {
    const { work, roots } = world();
    expect(reasonOf(judgePath('../../etc/passwd', 'read', roots))).toBe(
      `../../etc/passwd is outside the allowed folders (${work})`,
    );
    expect(reasonOf(judgePath('sub/../../outside/secret.md', 'write', roots))).toBe(
      `sub/../../outside/secret.md is outside the allowed folders (${work})`,
    );
  });

  it('row 2: refuses absolute paths outside', () => {
    const { work, outside, roots } = world();
    expect(reasonOf(judgePath(join(outside, 'secret.md'), 'read', roots))).toBe(
      `${join(outside, 'secret.md')} is outside the allowed folders (${work})`,
    );
    expect(judgePath(join(work, 'notes.md'), 'read', roots).allow).toBe(true);
  });

  it('row 4: a sibling with the same prefix is not inside (components, not strings)', () => {
    const { root, roots } = world();
    expect(judgePath(join(root, 'proj-evil/x'), 'write', roots).allow).toBe(false);
  });

  it('row 5, 6: takes URL-encoded text and ~ literally, inside the folder', () => {
    const { work, roots } = world();
    expect(judgePath('..%2f..%2fetc%2fpasswd', 'read', roots)).toMatchObject({
      real: join(work, '..%2f..%2fetc%2fpasswd'),
    });
    expect(judgePath('~/x', 'read', roots)).toMatchObject({ real: join(work, '~/x') });
    expect(judgePath('file:///etc/passwd', 'read', roots)).toMatchObject({ real: join(work, 'file:/etc/passwd') });
  });

  it('row 7, 8: refuses control characters and overlong paths', () => {
    const { roots } = world();
    expect(reasonOf(judgePath('a.txt\u0000.png', 'read', roots))).toBe(
      'the path "a.txt\\u0000.png" contains control characters',
    );
    expect(reasonOf(judgePath('a\nb', 'write', roots))).toBe('the path "a\\nb" contains control characters');
    expect(reasonOf(judgePath('x'.repeat(5000), 'read', roots))).toBe(
      'the path is 5000 characters long; the limit is 4096',
    );
    expect(reasonOf(judgePath(`${'y'.repeat(300)}/z`, 'read', roots))).toBe(
      'a part of the path is longer than 255 characters',
    );
  });

  it('row 10: refuses invisible and direction-changing characters in write targets', () => {
    const { roots } = world();
    expect(reasonOf(judgePath('report\u202egpj.exe', 'write', roots))).toBe(
      'the path "report\u202egpj.exe" contains invisible or direction-changing characters',
    );
    expect(judgePath('caf\u00e9.md', 'write', roots).allow).toBe(true);
  });

  it('row 12: refuses a folder symlink that leads outside', () => {
    const { work, outside, roots } = world();
    symlinkSync(outside, join(work, 'link'));
    expect(reasonOf(judgePath('link/secret.md', 'read', roots))).toBe(
      `link/secret.md leads outside the allowed folders through a symbolic link (to ${join(outside, 'secret.md')})`,
    );
  });

  it('row 13: refuses a write through a final-component symlink to outside', () => {
    const { work, outside, roots } = world();
    symlinkSync(join(outside, 'secret.md'), join(work, 'bashrc.md'));
    expect(judgePath('bashrc.md', 'write', roots).allow).toBe(false);
  });

  it('row 14: follows a dangling symlink by its text', () => {
    const { work, outside, roots } = world();
    symlinkSync(join(outside, 'new.txt'), join(work, 'draft.txt'));
    expect(reasonOf(judgePath('draft.txt', 'write', roots))).toBe(
      `draft.txt leads outside the allowed folders through a symbolic link (to ${join(outside, 'new.txt')})`,
    );
    symlinkSync('sub/later.md', join(work, 'inside.md'));
    expect(judgePath('inside.md', 'write', roots)).toMatchObject({ allow: true, real: join(work, 'sub/later.md') });
  });

  it('row 16: a symlink loop is an error, in bounded time', () => {
    const { work, roots } = world();
    symlinkSync('b', join(work, 'a'));
    symlinkSync('a', join(work, 'b'));
    expect(reasonOf(judgePath('a', 'read', roots))).toMatch(/^a: too many symbolic links in /);
  });

  it('row 17: refuses to write a file with other hard links', () => {
    const { work, outside, roots } = world();
    linkSync(join(outside, 'secret.md'), join(work, 'hard.md'));
    expect(reasonOf(judgePath('hard.md', 'write', roots))).toBe(
      'hard.md has other hard links; writing it would change a file elsewhere',
    );
    expect(judgePath('hard.md', 'read', roots).allow).toBe(true);
  });

  it('honours allow and deny roots, by lexical and real path', () => {
    const { work, outside, roots } = world();
    const wider = { ...roots, allowPaths: [work, outside], denyPaths: ['sub'] };
    expect(judgePath(join(outside, 'secret.md'), 'read', wider).allow).toBe(true);
    expect(reasonOf(judgePath('sub/x.md', 'write', wider))).toBe(
      `sub/x.md is inside ${join(work, 'sub')}, which is denied`,
    );
    symlinkSync(join(work, 'sub'), join(work, 'alias'));
    expect(reasonOf(judgePath('alias/x.md', 'write', wider))).toBe(
      `alias/x.md is inside ${join(work, 'sub')}, which is denied`,
    );
  });
});
