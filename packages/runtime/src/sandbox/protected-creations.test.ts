import { describe, expect, it } from 'vitest';
import { protectedCreations } from './protected-creations.js';
import type { SandboxView } from './sandbox-view.js';

const view = (parts: Partial<SandboxView>): SandboxView => ({
  roots: [{ path: '/w', writable: true }],
  pinned: [],
  readOnly: [],
  hidden: [],
  ...parts,
});

describe('protectedCreations', () => {
  it('names new protected paths, outermost only, and leaves what existed or lay sealed under it', () => {
    const before = view({ pinned: ['/w/.git'], readOnly: ['/w/.git/config', '/w/.claude'] });
    const after = view({
      pinned: ['/w/.git', '/w/inner/.git'],
      readOnly: [
        '/w/.git/config',
        '/w/.claude',
        '/w/.claude/new.json',
        '/w/.git/hooks',
        '/w/.git/hooks/pre-commit',
        '/w/inner/.git/config',
        '/w/.github/workflows/ci.yml',
      ],
      hidden: [{ path: '/w/.env', folder: false }],
    });
    expect(protectedCreations(before, after)).toEqual(['/w/.git/hooks', '/w/.github/workflows/ci.yml']);
  });

  it('a credential folder made in a root that is a home folder is named; a new secret file is not', () => {
    const home = process.env.HOME ?? '/root';
    const before = view({ roots: [{ path: home, writable: true }] });
    const after = view({
      roots: [{ path: home, writable: true }],
      hidden: [
        { path: `${home}/.ssh`, folder: true },
        { path: `${home}/project/.env`, folder: false },
      ],
    });
    expect(protectedCreations(before, after)).toEqual([`${home}/.ssh`]);
  });
});
