import { describe, expect, it } from 'vitest';
import { hardlinePath } from './hardline-paths.js';

const home = '/home/u';
const at = (path: string) => ({ lexical: path, real: path });

describe('hardlinePath', () => {
  it.each([
    ['/proc/self/root/etc/passwd', 'read', 'pseudo-filesystem'],
    ['/sys/kernel/notes', 'read', 'pseudo-filesystem'],
    ['/dev/zero', 'read', 'pseudo-filesystem'],
    ['/home/u/.ssh/id_rsa', 'read', 'credentials'],
    ['/home/u/.config/gcloud/credentials.db', 'read', 'credentials'],
    ['/w/proj/.git/hooks/pre-commit', 'write', 'git-hooks-and-config'],
    ['/w/proj/.git/config', 'write', 'git-hooks-and-config'],
    ['/w/proj/.git/modules/sub/config', 'write', 'git-hooks-and-config'],
    ['/w/proj/.git/modules/a/modules/b/hooks/post-checkout', 'write', 'git-hooks-and-config'],
    ['/w/proj/.git/modules/sub/hooks/pre-commit', 'write', 'git-hooks-and-config'],
    ['/w/proj/.git/worktrees/feature/config.worktree', 'write', 'git-hooks-and-config'],
    ['/w/proj/.git/worktrees/feature/commondir', 'write', 'git-hooks-and-config'],
    ['/w/proj/.git/worktrees/feature/gitdir', 'write', 'git-hooks-and-config'],
    ['/w/proj/.git/hooks', 'write', 'git-hooks-and-config'],
    ['/w/proj/vendor/lib/.git', 'write', 'git-hooks-and-config'],
    ['/w/proj/.git', 'write', 'git-hooks-and-config'],
    ['/w/proj/.GIT/Config', 'write', 'git-hooks-and-config'],
    ['/w/proj/mirrors/lib.git/config', 'write', 'git-hooks-and-config'],
    ['/w/proj/mirrors/lib.git/hooks/update', 'write', 'git-hooks-and-config'],
    ['/w/proj/.claude/settings.json', 'write', 'agent-config'],
  ] as const)('denies %s (%s) by rule %s', (path, access, rule) => {
    expect(hardlinePath(at(path), access, home)).toMatchObject({ allow: false, code: 'hardline_denied', rule });
  });

  it.each([
    ['/dev/null', 'write'],
    ['/w/proj/.git/config', 'read'],
    ['/w/proj/.git/configs/x', 'write'],
    ['/w/proj/.git/modules/sub/config', 'read'],
    ['/w/proj/.git/info/attributes', 'write'],
    ['/w/proj/.gitattributes', 'write'],
    ['/w/proj/.github/hooks.md', 'write'],
    ['/w/proj/src/config', 'write'],
    ['/w/proj/hooks/x.ts', 'write'],
    ['/w/proj/notes.git', 'write'],
    ['/w/proj/lib.git/README.md', 'write'],
    ['/w/proj/src/ssh.ts', 'write'],
    ['/home/u/.sshx/ok', 'read'],
  ] as const)('allows %s (%s)', (path, access) => {
    expect(hardlinePath(at(path), access, home)).toEqual({ allow: true });
  });

  it('judges the real path too: a link into ~/.ssh is denied', () => {
    expect(hardlinePath({ lexical: '/w/proj/key', real: '/home/u/.ssh/id_rsa' }, 'read', home)).toEqual({
      allow: false,
      code: 'hardline_denied',
      rule: 'credentials',
      reason:
        '/home/u/.ssh/id_rsa is off limits: credential folders (~/.ssh, ~/.aws, ~/.gnupg and the cloud command lines) are never open to tools',
    });
  });
});
