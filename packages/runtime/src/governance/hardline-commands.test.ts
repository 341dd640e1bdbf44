import { describe, expect, it } from 'vitest';
import { hardlineCommands } from './hardline-commands.js';
import { analyzeCommand } from './shell/analyze-command.js';
import type { SimpleCommand } from './shell/simple-command.js';

const judge = (text: string) => hardlineCommands(analyzeCommand(text).commands);
const denied = (rule: string, reason: string) => ({ effect: 'deny', code: 'hardline_denied', rule, reason });

describe('hardlineCommands', () => {
  it.each([
    'rm -rf /',
    'rm -r -f /',
    'rm -fr /*',
    'rm -Rf /',
    'rm --recursive --force /',
    'rm --rec --f /',
    'rm / -rf',
    'rm -rf -- /',
    'rm -r /',
    'rm -rf //',
    'rm -rf /.',
    'rm -rf /usr/..',
    'sudo rm -rf /',
    'sudo -u root rm -rf /',
    'doas rm -rf /',
    '/bin/rm -rf /',
    '/usr/bin/rm -rf /',
    '\\rm -rf /',
    "'rm' -rf /",
    'command rm -rf /',
    'timeout 5 env A=1 nice -n 5 nohup rm -rf /',
    'echo ok && rm -rf /',
    'rm -rf /{,}',
    "$'\\x72m' -rf /",
    'rm -rf ~',
    'rm -rf ~/',
    'rm -rf ~/*',
    'rm -rf "$HOME"',
    `rm -rf \${HOME}/`,
    'rm -rf "$BUILD_DIR/"',
    'rm -rf $DIR/*',
    'rm -rf /home',
    'rm -rf /home/u',
    'rm -rf /usr',
    'rm -rf /usr/lib',
    'rm -rf /etc',
    'rm -rf /bin',
    'rm -rf /boot',
    'rm -rf /var',
    'rm -rf /lib64',
    'rm -rf /opt',
    'rm -rf /u*',
    'rm -rf .',
    'rm -rf ./',
    'rm -rf ..',
    'rm -rf ../..',
    'find / -delete',
    'find /usr -name x -exec rm {} +',
    'find ~ -execdir /bin/rm {} +',
  ])('denies %j as a recursive delete of a vital folder', (text) => {
    expect(judge(text)).toMatchObject({ effect: 'deny', code: 'hardline_denied', rule: 'recursive-delete-root' });
  });

  it('denies --no-preserve-root whatever the target', () => {
    expect(judge('rm -rf --no-preserve-root x')).toEqual(
      denied(
        'recursive-delete-root',
        '`rm -rf --no-preserve-root x` is never allowed: it removes the protection of the root folder.',
      ),
    );
    expect(judge('rm -rf --no-pres x')).toMatchObject({ rule: 'recursive-delete-root' });
  });

  it('names the command without its wrappers and what it would destroy', () => {
    expect(judge('sudo rm -fr /')).toEqual(
      denied(
        'recursive-delete-root',
        '`rm -fr /` is never allowed: it deletes recursively, and `/` is the root folder.',
      ),
    );
    expect(judge('rm -rf /usr/*')).toEqual(
      denied(
        'recursive-delete-root',
        '`rm -rf /usr/*` is never allowed: it deletes recursively, and `/usr/*` is everything in the system folder /usr.',
      ),
    );
    expect(judge('rm -rf ~')).toEqual(
      denied(
        'recursive-delete-root',
        '`rm -rf ~` is never allowed: it deletes recursively, and `~` is the home folder.',
      ),
    );
    expect(judge('rm -rf "$OUT/"')).toEqual(
      denied(
        'recursive-delete-root',
        '`rm -rf $OUT/` is never allowed: it deletes recursively, and `$OUT/` is the root folder whenever $OUT is empty.',
      ),
    );
    expect(judge('rm -rf /home/u')).toEqual(
      denied(
        'recursive-delete-root',
        '`rm -rf /home/u` is never allowed: it deletes recursively, and `/home/u` is a home folder /home/u.',
      ),
    );
  });

  it.each([
    'mkfs /dev/sda1',
    'mkfs.ext4 /dev/sda1',
    'sudo mkfs.vfat -F 32 /dev/sdb1',
    'mke2fs /dev/sdb',
    'mkswap /dev/sda2',
    'wipefs -a /dev/sda',
  ])('denies %j', (text) => {
    expect(judge(text)).toMatchObject({ effect: 'deny', rule: 'make-filesystem' });
  });

  it.each([
    ['dd if=/dev/zero of=/dev/sda bs=1M', '/dev/sda'],
    ['sudo dd of=/dev/nvme0n1 if=img', '/dev/nvme0n1'],
    ['dd if=x of=/dev/disk2', '/dev/disk2'],
    ['echo x > /dev/sda', '/dev/sda'],
    ['cat img 1>> /dev/mmcblk0', '/dev/mmcblk0'],
    ['cat img | sudo tee /dev/sdb', '/dev/sdb'],
    ['cp img /dev/vda', '/dev/vda'],
    ['shred /dev/hda', '/dev/hda'],
    ['{ cat img; } > /dev/mapper/root', '/dev/mapper/root'],
  ])('denies %j, which writes onto %s', (text, device) => {
    expect(judge(text)).toMatchObject({ effect: 'deny', rule: 'write-device' });
    expect(judge(text)).toMatchObject({
      reason: expect.stringContaining(`it writes straight onto the device ${device}.`),
    });
  });

  it.each([
    'shutdown -h now',
    'shutdown -r +5',
    'reboot',
    'sudo reboot',
    '/sbin/halt',
    'poweroff',
    'init 0',
    'init 6',
    'telinit 6',
    'systemctl poweroff',
    'systemctl reboot --force',
    'sudo systemctl halt',
    'systemctl isolate reboot.target',
    'loginctl poweroff',
  ])('denies %j', (text) => {
    expect(judge(text)).toEqual(
      denied(
        'power-off',
        `\`${analyzeCommand(text).commands[0]?.argv.join(' ')}\` is never allowed: it shuts down or restarts the machine.`,
      ),
    );
  });

  it.each([
    'chmod -R 777 /',
    'chmod 777 -R /',
    'chmod --recursive a+rwx /etc',
    'sudo chown -R me:me /',
    'chown -R me ~',
    'chgrp -R x /usr',
  ])('denies %j', (text) => {
    expect(judge(text)).toMatchObject({ effect: 'deny', rule: 'recursive-permissions-root' });
  });

  it.each(['mv /etc /tmp/etc', 'mv ~ /dev/null', 'sudo mv /usr /x', 'mv notes.txt /dev/null'])('denies %j', (text) => {
    expect(judge(text)).toMatchObject({ effect: 'deny', rule: 'move-system-folder' });
  });

  it.each(['kill -9 -1', 'kill -KILL -1', 'pkill -1'])('denies %j', (text) => {
    expect(judge(text)).toMatchObject({ effect: 'deny', rule: 'kill-everything' });
  });

  it.each([
    'rm -rf ./build',
    'rm -rf build/',
    'rm -rf node_modules',
    'rm -rf dist/*',
    'rm -rf /tmp/wesgine-test',
    'rm -rf /home/u/proj/build',
    'rm -rf "$OUT/build"',
    `rm -rf \${OUT:?}/`,
    'rm -f /',
    'rm /etc/x.conf',
    'rm -rf *',
    'dd if=a of=b',
    'dd if=/dev/zero of=/dev/null count=1',
    'dd if=/dev/sda of=disk.img',
    'cat /dev/sda > disk.img',
    'echo x > /dev/null',
    'chmod -R 755 dist',
    'chmod -R 755 .',
    'chmod 755 /usr/local/bin/x',
    'chown me file',
    'mv a b',
    'mv /tmp/a /tmp/b',
    'find . -delete',
    'find / -name x',
    'find / -exec grep x {} +',
    'systemctl status',
    'systemctl restart nginx',
    'init',
    'kill -9 1234',
    'kill -1 1234',
    'git reset --hard',
    'echo rm -rf /',
    'ls -R /',
  ])('allows the near miss %j', (text) => {
    expect(judge(text)).toEqual({ effect: 'allow' });
  });

  it('judges commands given directly, wrappers included', () => {
    const command: SimpleCommand = {
      argv: ['sudo', '-n', 'env', 'X=1', '/bin/rm', '-rf', '/'],
      assignments: [],
      redirects: [],
    };
    expect(hardlineCommands([command])).toMatchObject({ rule: 'recursive-delete-root' });
    expect(hardlineCommands([])).toEqual({ effect: 'allow' });
  });

  it('does not take a wrapper off through a dynamic word', () => {
    const command: SimpleCommand = {
      argv: ['$W', 'rm', '-rf', '/'],
      assignments: [],
      redirects: [],
      dynamicWords: [0],
    };
    expect(hardlineCommands([command])).toEqual({ effect: 'allow' });
  });
});
