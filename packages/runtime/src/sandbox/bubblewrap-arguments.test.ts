import { describe, expect, it } from 'vitest';
import { bubblewrapArguments } from './bubblewrap-arguments.js';
import { DEFAULT_SANDBOX_LIMITS } from './sandbox-settings.js';

describe('bubblewrapArguments', () => {
  it('builds the whole command line in mount order: system, secrets, fresh folders, roots, overlays, covers', () => {
    const args = bubblewrapArguments({
      view: {
        roots: [
          { path: '/w', writable: true },
          { path: '/extra', writable: false },
        ],
        pinned: ['/w/.git'],
        readOnly: ['/w/.git/config'],
        hidden: [
          { path: '/w/secrets', folder: true },
          { path: '/w/.env', folder: false },
        ],
      },
      system: [
        { kind: 'folder', path: '/usr' },
        { kind: 'link', path: '/bin', target: 'usr/bin' },
      ],
      hiddenSystem: [{ path: '/etc/shadow', folder: false }],
      readPaths: ['/opt/tool'],
      home: '/home/me',
      cwd: '/w/src',
      limits: { ...DEFAULT_SANDBOX_LIMITS, cpuSeconds: 5 },
      argv: ['bash', '-c', 'echo hi'],
    });
    expect(args.join(' ')).toBe(
      [
        '--unshare-user --unshare-pid --unshare-ipc --unshare-uts --unshare-cgroup-try --unshare-net',
        '--die-with-parent --new-session --hostname sandbox',
        '--ro-bind /usr /usr --symlink usr/bin /bin',
        '--ro-bind /dev/null /etc/shadow',
        '--proc /proc --dev /dev --tmpfs /tmp --tmpfs /home/me',
        '--ro-bind-try /opt/tool /opt/tool',
        '--bind /w /w --ro-bind /extra /extra --bind /w/.git /w/.git',
        '--ro-bind /w/.git/config /w/.git/config',
        '--tmpfs /w/secrets --remount-ro /w/secrets --ro-bind /dev/null /w/.env',
        '--remount-ro / --chdir /w/src --setenv TMPDIR /tmp',
        '-- prlimit --fsize=1073741824 --cpu=5 --nofile=4096 --core=0 -- bash -c echo hi',
      ].join(' '),
    );
  });
});
