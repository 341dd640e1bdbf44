import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareRoots } from '../governance/sandbox-path.js';
import { loadZone } from '../zone/load-zone.js';
import { FolderMemo } from './folder-memo.js';
import { pathTreatment } from './path-treatment.js';
import { sandboxView } from './sandbox-view.js';

function project(): string {
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-view-')));
  mkdirSync(join(work, '.git', 'hooks'), { recursive: true });
  mkdirSync(join(work, '.git', 'modules', 'sub', 'hooks'), { recursive: true });
  mkdirSync(join(work, 'src', 'deep'), { recursive: true });
  mkdirSync(join(work, 'secrets'));
  mkdirSync(join(work, '.claude'));
  writeFileSync(join(work, '.git', 'config'), '');
  writeFileSync(join(work, '.git', 'modules', 'sub', 'config'), '');
  writeFileSync(join(work, 'src', 'deep', '.env'), 'A=1');
  writeFileSync(join(work, 'src', 'index.ts'), '');
  writeFileSync(join(work, 'secrets', 'key'), '');
  symlinkSync('/etc', join(work, 'etc-link'));
  return work;
}

const zone = loadZone({
  version: 1,
  zone: 'test/view',
  rules: [
    { id: 'env', effect: 'deny', tools: ['*'], paths: ['**/.env'] },
    { id: 'ci', effect: 'ask', tools: ['exec'], paths: ['src/deep'] },
    { id: 'other-tool', effect: 'deny', tools: ['read'], paths: ['src/index.ts'] },
  ],
});

describe('sandboxView', () => {
  it('hides denied roots and zone-denied files, write-protects Hardline files and zone asks', () => {
    const work = project();
    const roots = prepareRoots({ workDir: work, allowPaths: [], denyPaths: ['secrets'] });
    const view = sandboxView(roots, true, new FolderMemo(pathTreatment(zone, 'exec', work)));
    expect(view.roots).toEqual([{ path: work, writable: true }]);
    // The .git folder stays writable (git commit works) but is pinned: it cannot be swapped for another.
    expect(view.pinned).toEqual([join(work, '.git')]);
    expect(view.hidden).toEqual([
      { path: join(work, 'secrets'), folder: true },
      { path: join(work, 'src', 'deep', '.env'), folder: false },
    ]);
    expect([...view.readOnly].sort()).toEqual(
      [
        join(work, '.claude'),
        join(work, '.git', 'config'),
        join(work, '.git', 'hooks'),
        join(work, '.git', 'modules', 'sub', 'config'),
        join(work, '.git', 'modules', 'sub', 'hooks'),
        join(work, 'src', 'deep'),
      ].sort(),
    );
  });

  it('makes every root read-only for a call that only looks, and lists no read-only overlay', () => {
    const work = project();
    const view = sandboxView(
      prepareRoots({ workDir: work, allowPaths: [], denyPaths: [] }),
      false,
      new FolderMemo(pathTreatment(undefined, 'exec', work)),
    );
    expect(view.roots).toEqual([{ path: work, writable: false }]);
    expect(view.readOnly).toEqual([]);
    expect(view.hidden).toEqual([]);
  });

  it('mounts a root inside another root once, and never follows a link while walking', () => {
    const work = project();
    const roots = prepareRoots({
      workDir: work,
      allowPaths: [work, join(work, 'src'), join(work, 'etc-link')],
      denyPaths: [],
    });
    const view = sandboxView(roots, true, new FolderMemo(() => undefined));
    // The link's real path (/etc) is a root of its own; the walk did not go through the link.
    expect(view.roots).toEqual([
      { path: work, writable: true },
      { path: '/etc', writable: true },
    ]);
  });

  it('hides credential folders inside a root whole', () => {
    const home = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-view-home-')));
    mkdirSync(join(home, '.ssh'));
    mkdirSync(join(home, 'project'));
    writeFileSync(join(home, '.ssh', 'id_rsa'), 'key');
    const saved = process.env.HOME;
    process.env.HOME = home;
    try {
      const view = sandboxView(
        prepareRoots({ workDir: home, allowPaths: [], denyPaths: [] }),
        true,
        new FolderMemo(pathTreatment(undefined, 'exec', home)),
      );
      expect(view.hidden).toEqual([{ path: join(home, '.ssh'), folder: true }]);
    } finally {
      process.env.HOME = saved;
    }
  });

  it('covers the target of a link a rule names, never the link (a mount would follow it), and skips what is not there', () => {
    const work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-view-links-')));
    mkdirSync(join(work, 'config'));
    writeFileSync(join(work, 'config', 'values'), 'A=1');
    symlinkSync('config/values', join(work, '.env'));
    mkdirSync(join(work, 'sub'));
    symlinkSync('/nonexistent/secret', join(work, 'sub', '.env'));
    symlinkSync('/etc/hostname', join(work, 'outside.env'));
    const roots = prepareRoots({ workDir: work, allowPaths: [work, join(work, 'missing')], denyPaths: ['gone'] });
    const view = sandboxView(roots, true, new FolderMemo(pathTreatment(zone, 'exec', work)));
    expect(view.roots).toEqual([{ path: work, writable: true }]);
    expect(view.hidden).toEqual([{ path: join(work, 'config', 'values'), folder: false }]);
  });
});
