// Issue 9, classes 1 and 3: what `exec` may touch is decided by the OS sandbox, not by reading the
// command text. Every case runs through run.call with the real built-in exec and a human who approves
// everything the text analysis asks about, so that only the sandbox stands between the command and the
// host. Each proves the effect: outside files unchanged and absent from the answer, no secret in the
// answer, nothing created outside, no process of the call left.

import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { builtins } from '@wesgine/builtins';
import { type CellSpec, createEngine, DEFAULT_ZONE_FILE, type HumanChannel } from '@wesgine/runtime';
import { afterAll, describe, expect, it } from 'vitest';
import { fingerprint, livingWith, pidsCgroupsWritable } from './effects.fixture.js';

const engine = createEngine({ tools: builtins });
const approver: HumanChannel = { ask: async () => ({ decision: 'approve' }) };
const OUTSIDE_SECRET = 'OUTSIDE-7f3a';
const KEY_SECRET = 'PRIVATE-KEY-91bc';
const ENV_SECRET = 'DOTENV-44d2';
const FOLDER_SECRET = 'FOLDER-0c8e';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function world(spec: Partial<CellSpec> = {}) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-sandbox-')));
  roots.push(root);
  const work = join(root, 'work');
  const outside = join(root, 'outside');
  const home = join(root, 'home');
  mkdirSync(join(work, 'secret'), { recursive: true });
  mkdirSync(outside);
  mkdirSync(join(home, '.ssh'), { recursive: true });
  writeFileSync(join(outside, 'outside.txt'), `${OUTSIDE_SECRET}\n`);
  writeFileSync(join(home, '.ssh', 'id_rsa'), `${KEY_SECRET}\n`);
  writeFileSync(join(work, '.env'), `API_TOKEN=${ENV_SECRET}\n`);
  writeFileSync(join(work, 'secret', 'x'), `${FOLDER_SECRET}\n`);
  writeFileSync(join(work, 'inside.txt'), 'inside\n');
  const cell = engine.createCell({ workDir: work, dataDir: join(root, 'data'), ...spec });
  const before = fingerprint(outside) + fingerprint(home);
  return {
    root,
    work,
    outside,
    home,
    cell,
    exec: (command: string, extra: Record<string, unknown> = {}) =>
      cell.run({ human: approver }).call('exec', { command, ...extra }),
    untouched: () => fingerprint(outside) + fingerprint(home) === before,
  };
}

/** Runs `body` with HOME pointing at the world's home folder (where `~/.ssh` holds a key). */
async function withHome<T>(home: string, body: () => Promise<T>): Promise<T> {
  const saved = process.env.HOME;
  process.env.HOME = home;
  try {
    return await body();
  } finally {
    process.env.HOME = saved;
  }
}

describe('security: exec reads only inside its roots (class 1)', () => {
  it('a program cannot read a file outside the work folder', async () => {
    const { exec, untouched } = world();
    for (const command of [
      'cat ../outside/outside.txt',
      'grep -r OUTSIDE ..',
      'cat "$(dirname "$PWD")/outside/outside.txt"',
    ]) {
      const result = await exec(command);
      expect(result.text).not.toContain(OUTSIDE_SECRET);
    }
    expect(untouched()).toBe(true);
  });

  it('the home folder is empty inside: no ~/.ssh key, whatever the command', async () => {
    const w = world();
    await withHome(w.home, async () => {
      for (const command of ['cat ~/.ssh/id_rsa', 'ls -la ~ ~/.ssh', `grep -r ${KEY_SECRET.slice(0, 7)} ~`]) {
        const result = await w.exec(command);
        expect(result.text).not.toContain(KEY_SECRET);
      }
      const listed = await w.exec('ls -A ~ | wc -l');
      expect(listed.text).toMatch(/Output:\n0\n/);
    });
    expect(w.untouched()).toBe(true);
  });

  it('a read path over the home folder shows a toolchain there, never its credential folders', async () => {
    const w = world();
    mkdirSync(join(w.home, '.tool', 'bin'), { recursive: true });
    writeFileSync(join(w.home, '.tool', 'bin', 'version'), 'tool 1.0\n');
    const cell = engine.createCell({ workDir: w.work, sandbox: { readPaths: [w.home] } });
    await withHome(w.home, async () => {
      const run = cell.run({ human: approver });
      const tool = await run.call('exec', { command: 'cat ~/.tool/bin/version' });
      expect(tool.text).toMatch(/Output:\ntool 1.0\n$/);
      const key = await cell
        .run({ human: approver })
        .call('exec', { command: 'cat ~/.ssh/id_rsa; ls -A ~/.ssh | wc -l' });
      expect(key.text).not.toContain(KEY_SECRET);
      expect(key.text).toMatch(/\n0\n$/);
    });
    expect(readFileSync(join(w.home, '.ssh', 'id_rsa'), 'utf8')).toBe(`${KEY_SECRET}\n`);
  });

  it('files the zone denies are empty inside, under the shipped default zone', async () => {
    const { exec } = world({ zone: DEFAULT_ZONE_FILE });
    for (const command of ['cat .env', 'grep -r API_TOKEN .', 'cp .env copy && cat copy', 'base64 .env']) {
      const result = await exec(command);
      expect(result.text).not.toContain(ENV_SECRET);
      expect(result.text).not.toContain(Buffer.from(`API_TOKEN=${ENV_SECRET}\n`).toString('base64'));
    }
  });

  it('a secret file made between two commands is covered for the second (the kept view notices)', async () => {
    const { cell, work } = world({ zone: DEFAULT_ZONE_FILE });
    mkdirSync(join(work, 'deep', 'er'), { recursive: true });
    await delay(1_100); // the folders settle, so the first command's view of them is kept
    const run = () => cell.run({ human: approver });
    expect((await run().call('exec', { command: 'ls deep/er | wc -l' })).text).toMatch(/Output:\n0\n$/);
    writeFileSync(join(work, 'deep', 'er', '.env'), `TOKEN=${ENV_SECRET}\n`);
    const second = await run().call('exec', { command: 'cat deep/er/.env' });
    expect(second.text).not.toContain(ENV_SECRET);
  });

  it('a link named like a secret covers its target; a dangling one or a missing denied path stops nothing', async () => {
    const { exec, work } = world({ zone: DEFAULT_ZONE_FILE, denyPaths: ['not-there'] });
    mkdirSync(join(work, 'config'));
    writeFileSync(join(work, 'config', 'values'), `KEY=${ENV_SECRET}\n`);
    symlinkSync('config/values', join(work, 'sub.env'));
    mkdirSync(join(work, 'pkg'));
    symlinkSync('../config/values', join(work, 'pkg', '.env'));
    symlinkSync('/nonexistent/x', join(work, 'config', '.env'));
    const result = await exec('cat pkg/.env config/values; echo still-runs');
    expect(result.text).not.toContain(ENV_SECRET);
    expect(result.text).toMatch(/still-runs\n$/);
  });

  it('denyPaths and a zone deny rule close a folder to every program', async () => {
    const denied = world({ denyPaths: ['secret'] });
    const zoned = world({
      zone: {
        version: 1,
        zone: 'test/secret',
        defaults: { exploration: 'allow', action: 'allow' },
        rules: [{ id: 'secret', effect: 'deny', tools: ['*'], paths: ['secret/**'] }],
      },
    });
    for (const { exec } of [denied, zoned]) {
      for (const command of ['cat secret/x', 'ls secret', 'grep -r FOLDER .', 'tar cf - secret | tar xOf -']) {
        const result = await exec(command);
        expect(result.text).not.toContain(FOLDER_SECRET);
      }
      const content = await exec('cat secret/* 2>/dev/null | wc -c');
      expect(content.text).toMatch(/Output:\n0\n$/);
    }
    // denyPaths hides the folder whole: not even the names are there.
    const listed = await denied.exec('ls -A secret | wc -l');
    expect(listed.text).toMatch(/Output:\n0\n$/);
  });

  it('allowPaths are the roots a program sees (and only they)', async () => {
    const w = world();
    const extra = join(w.root, 'extra');
    mkdirSync(extra);
    writeFileSync(join(extra, 'shared.txt'), 'shared\n');
    const cell = engine.createCell({ workDir: w.work, allowPaths: [w.work, extra] });
    const result = await cell.run({ human: approver }).call('exec', { command: `cat ${extra}/shared.txt inside.txt` });
    expect(result.text).toMatch(/^Exit code: 0\n[\s\S]*Output:\nshared\ninside\n$/);
    const outside = await cell.run({ human: approver }).call('exec', { command: 'cat ../outside/outside.txt' });
    expect(outside.text).not.toContain(OUTSIDE_SECRET);
  });

  it("the host process's environment cannot be read through /proc (the control, sandbox off, reads it)", async () => {
    // A variable this test process was started with, and that exec never passes on by itself: what
    // /proc/<pid>/environ of this process shows (setting process.env now would not change that file).
    const own = readFileSync(`/proc/${process.pid}/environ`, 'latin1').split('\0');
    const canary = own.find(
      (entry) =>
        /^[A-Za-z_]\w*=.{4,}/.test(entry) &&
        !/^(PATH|HOME|USER|LOGNAME|SHELL|LANG|LC_|TZ|TERM|TMP|PWD|XDG_)/.test(entry),
    );
    expect(canary).toBeDefined();
    const reads = [
      'cat /proc/$PPID/environ',
      'cat /proc/1/environ',
      'for f in /proc/[0-9]*/environ; do cat "$f"; done',
    ];
    const { exec } = world();
    for (const command of reads) {
      const result = await exec(command);
      expect(result.text).not.toContain(canary);
    }
    // Its own PID namespace: only the command's few processes are there to see.
    const count = await exec('ls /proc | grep -c "^[0-9]"');
    expect(Number(/Output:\n(\d+)/.exec(count.text)?.[1])).toBeLessThan(10);
    // Without the sandbox the same command reads this process's environment: the check above can fail.
    const off = world({ sandbox: 'off' });
    const leaked = await off.exec('cat /proc/$PPID/environ');
    expect(leaked.text).toContain(canary);
  });

  it('a link made inside cannot reach outside, for exec or for the file tools after it', async () => {
    const { cell, exec, work, untouched } = world();
    await exec('ln ../outside/outside.txt hard; ln -s ../outside/outside.txt soft; cat hard soft');
    expect(existsSync(join(work, 'hard'))).toBe(false);
    const read = await cell.run().call('read', { path: 'soft' });
    expect(read.isError).toBe(true);
    expect(read.text).not.toContain(OUTSIDE_SECRET);
    expect(untouched()).toBe(true);
  });

  it('the system secrets stay closed: /etc/shadow cannot be opened, /run and /var are absent', async () => {
    const { exec } = world();
    const result = await exec('cat /etc/shadow | wc -c; ls /run /var 2>&1 | head -2');
    expect(result.text).toMatch(
      /Output:\ncat: \/etc\/shadow: Permission denied\n0\nls: cannot access '\/run': No such file or directory\n/,
    );
  });
});

describe('security: exec writes only where the call may write (class 1)', () => {
  it('a program cannot create or change anything outside, even after approval', async () => {
    const { exec, outside, untouched } = world();
    for (const command of [
      'cp inside.txt ../outside/copied',
      'touch ../pwned',
      "python3 -c \"open('../outside/outside.txt','w').write('pwned')\"",
      'cd .. && mkdir made',
      'mv inside.txt ../outside/',
    ]) {
      await exec(command);
    }
    expect(existsSync(join(outside, 'copied'))).toBe(false);
    expect(existsSync(join(outside, '..', 'pwned'))).toBe(false);
    expect(existsSync(join(outside, '..', 'made'))).toBe(false);
    expect(readFileSync(join(outside, 'outside.txt'), 'utf8')).toBe(`${OUTSIDE_SECRET}\n`);
    expect(untouched()).toBe(true);
  });

  it('writes inside the work folder work for an action', async () => {
    const { exec, work } = world();
    const result = await exec('echo made > new.txt && mkdir -p a/b && cp new.txt a/b/');
    expect(result.text).toMatch(/^Exit code: 0\n/);
    expect(readFileSync(join(work, 'a', 'b', 'new.txt'), 'utf8')).toBe('made\n');
  });

  it('a command classed as only looking runs with the roots read-only (a planted git hook cannot write)', async () => {
    const { exec, work } = world();
    await exec('git init -q . && git config user.email t@t && git config user.name t');
    writeFileSync(join(work, '.git', 'hooks-marker-script'), '#!/bin/sh\ntouch fsmonitor-ran\n', { mode: 0o755 });
    // The text analysis would never see this: git runs core.fsmonitor during `git status`.
    const config = readFileSync(join(work, '.git', 'config'), 'utf8');
    writeFileSync(join(work, '.git', 'config'), `${config}[core]\n\tfsmonitor = ${work}/.git/hooks-marker-script\n`);
    const status = await exec('git status --short');
    expect(status.text).toMatch(/^Exit code: /);
    expect(existsSync(join(work, 'fsmonitor-ran'))).toBe(false);
  });

  it('the .git folder cannot be moved away or replaced, though git still commits', async () => {
    const { exec, work } = world();
    spawnSync('git', ['init', '-q', work]);
    const config = readFileSync(join(work, '.git', 'config'), 'utf8');
    const result = await exec(
      'mv .git .git-old; mkdir -p fake && printf "[core]\\n\\tfsmonitor = touch pwned\\n" > fake/config && mv -T fake .git; git add inside.txt && git -c user.email=a@b -c user.name=a commit -qm x && git log --oneline | wc -l',
    );
    expect(result.text).toMatch(/Device or resource busy/);
    expect(result.text).toMatch(/\n1\n$/);
    expect(readFileSync(join(work, '.git', 'config'), 'utf8')).toBe(config);
    expect(existsSync(join(work, '.git-old'))).toBe(false);
  });

  it('a protected path that did not exist yet is removed again once the command is gone', async () => {
    const { exec, work, cell } = world({ zone: DEFAULT_ZONE_FILE });
    // A repository without a hooks folder: nothing there to make read-only when the command starts.
    spawnSync('git', ['init', '-q', '--template=', work]);
    writeFileSync(join(work, 'evil.sh'), '#!/bin/sh\ntouch hook-ran\n', { mode: 0o755 });
    const result = await exec(
      'mkdir -p .git/hooks .github/workflows && cp evil.sh .git/hooks/pre-commit && cp evil.sh .github/workflows/ci.yml && mkdir -p .claude && echo "{}" | tee .claude/settings.json > /dev/null; echo made',
    );
    expect(result.text).toContain(
      'The command made what no tool may write here, and it was removed again: .claude, .git/hooks, .github/workflows/ci.yml.',
    );
    expect(existsSync(join(work, '.git', 'hooks'))).toBe(false);
    expect(existsSync(join(work, '.github', 'workflows', 'ci.yml'))).toBe(false);
    expect(existsSync(join(work, '.claude'))).toBe(false);
    // The person's own git, later, outside the sandbox: no planted hook runs.
    spawnSync('git', ['-C', work, 'add', 'evil.sh']);
    spawnSync('git', ['-C', work, '-c', 'user.email=a@b', '-c', 'user.name=a', 'commit', '-qm', 'x']);
    expect(existsSync(join(work, 'hook-ran'))).toBe(false);
    // A repository the command makes itself is its own: git init inside works and stays.
    const made = await cell
      .run({ human: approver })
      .call('exec', { command: 'git init -q inner && ls inner/.git/hooks | wc -l' });
    expect(made.text).not.toContain('removed again');
    expect(existsSync(join(work, 'inner', '.git', 'config'))).toBe(true);
  });

  it(".git/config, .git/hooks and agents' folders are read-only even for an approved action", async () => {
    const { exec, work } = world();
    spawnSync('git', ['init', '-q', work]);
    mkdirSync(join(work, '.claude'));
    writeFileSync(join(work, '.claude', 'settings.json'), '{}\n');
    writeFileSync(join(work, 'evil'), '[core]\n\tfsmonitor = touch pwned\n');
    const before = readFileSync(join(work, '.git', 'config'), 'utf8');
    // Programs, not redirections: the text analysis sees no path here; the sandbox refuses the writes.
    const result = await exec(
      'cat evil | tee -a .git/config; cp evil .git/hooks/pre-commit; cp evil .claude/settings.json; echo done',
    );
    expect(result.text).toContain('Read-only file system');
    expect(result.text).toMatch(/Output:\n[\s\S]*done\n$/);
    expect(readFileSync(join(work, '.git', 'config'), 'utf8')).toBe(before);
    expect(existsSync(join(work, '.git', 'hooks', 'pre-commit'))).toBe(false);
    expect(readFileSync(join(work, '.claude', 'settings.json'), 'utf8')).toBe('{}\n');
  });
});

describe('security: code hidden in words bash evaluates changes nothing (class 2)', () => {
  it('a substitution inside a test -v subscript writes nothing, inside or outside (default zone, no human)', async () => {
    // Looking is allowed without asking, so a command classed as looking runs, with its roots read-only.
    const { cell, work, root, untouched } = world({ zone: DEFAULT_ZONE_FILE });
    for (const command of [
      "test -v 'x[$(touch pwned-a)]'",
      "[ -v 'x[$(touch ../pwned-b)]' ]",
      "[[ -v 'x[$(touch pwned-c)]' ]]",
      "printf -v 'x[$(touch pwned-d)]' %s 1",
      "test 'x[$(touch pwned-e)]' -eq 1",
    ]) {
      // No human: whatever the text analysis makes of it, nobody approves anything.
      await cell.run().call('exec', { command });
    }
    for (const name of ['pwned-a', 'pwned-c', 'pwned-d', 'pwned-e']) expect(existsSync(join(work, name))).toBe(false);
    expect(existsSync(join(root, 'pwned-b'))).toBe(false);
    expect(untouched()).toBe(true);
  });
});

describe('security: processes and damage are contained (class 3)', () => {
  it('setsid, setsid -f and a double-forking daemon do not outlive the call', async () => {
    const { exec } = world();
    const marker = `wesgine-sec-${randomUUID().slice(0, 8)}`;
    const result = await exec(
      [
        `setsid bash -c 'exec -a ${marker}-a sleep 1000' &`,
        `setsid -f bash -c 'exec -a ${marker}-b sleep 1000'`,
        `bash -c '(bash -c "(exec -a ${marker}-c sleep 1000) &" &)'`,
        'sleep 0.3; echo started',
      ].join('\n'),
    );
    expect(result.text).toMatch(/Output:\nstarted\n$/);
    for (let tries = 0; tries < 100 && livingWith(marker).length > 0; tries++) await delay(20);
    expect(livingWith(marker)).toEqual([]);
  });

  it('the process limit holds (a fork loop fails, the host is unharmed)', async () => {
    const { exec } = world({ sandbox: { limits: { processes: 40 } } });
    const marker = `wesgine-sec-${randomUUID().slice(0, 8)}`;
    // bash retries a refused fork for a long while: the call's timeout ends it.
    const result = await exec(`for i in $(seq 100); do (exec -a ${marker} sleep 1000) & done; echo ended`, {
      timeout_ms: 3_000,
    });
    // Enforced through a pids cgroup; a machine without a writable one has no limit (as documented).
    if (pidsCgroupsWritable()) expect(result.text).toMatch(/fork: (retry: )?Resource temporarily unavailable/);
    for (let tries = 0; tries < 100 && livingWith(marker).length > 0; tries++) await delay(20);
    expect(livingWith(marker)).toEqual([]);
  });

  it('the file size limit holds', async () => {
    const { exec, work } = world({ sandbox: { limits: { fileSizeBytes: 1024 * 1024 } } });
    const result = await exec('head -c 3000000 /dev/zero > big; echo "exit $?"');
    expect(result.text).toMatch(/File size limit exceeded|exit 153/);
    expect(readFileSync(join(work, 'big')).length).toBeLessThanOrEqual(1024 * 1024);
  });

  it('the CPU time limit holds', async () => {
    const { exec } = world({ sandbox: { limits: { cpuSeconds: 1 } } });
    const started = performance.now();
    const result = await exec('while :; do :; done', { timeout_ms: 20_000 });
    expect(result.text).toMatch(/^Exit code: (137|152)\n/);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('no network: a local server is not reached by any means', async () => {
    let connections = 0;
    const server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const { exec } = world();
      for (const command of [
        `echo hi > /dev/tcp/127.0.0.1/${port}`,
        `curl -sS -m 2 http://127.0.0.1:${port}/`,
        `node -e "require('net').connect(${port}, '127.0.0.1').on('error', e => { console.log(e.code); })"`,
      ]) {
        await exec(command);
      }
      expect(connections).toBe(0);
    } finally {
      server.close();
    }
  });
});

describe('security: without bubblewrap, exec refuses (unless the cell opted out)', () => {
  it('names the Debian package when bwrap is not on PATH', async () => {
    const { exec, work } = world();
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const result = await exec('touch made');
      expect(result).toMatchObject({ isError: true, code: 'unavailable' });
      expect(result.text).toBe(
        "exec runs programs only inside the OS sandbox, and it cannot start here: bubblewrap (bwrap) is not on the PATH. Install the Debian package 'bubblewrap' (apt-get install bubblewrap), or create the cell with sandbox: 'off' to run programs without it.",
      );
    } finally {
      process.env.PATH = saved;
    }
    expect(existsSync(join(work, 'made'))).toBe(false);
  });

  it('says what to allow when bwrap is there but cannot make namespaces', async () => {
    const { exec, work } = world();
    const bin = mkdtempSync(join(tmpdir(), 'wesgine-fake-bwrap-'));
    roots.push(bin);
    writeFileSync(join(bin, 'bwrap'), '#!/bin/sh\necho "bwrap: No permissions to create new namespace" >&2\nexit 1\n', {
      mode: 0o755,
    });
    const saved = process.env.PATH;
    process.env.PATH = `${bin}:${saved}`;
    try {
      const result = await exec('touch made');
      expect(result).toMatchObject({ isError: true, code: 'unavailable' });
      expect(result.text).toBe(
        `exec runs programs only inside the OS sandbox, and it cannot start here: ${bin}/bwrap could not create a sandbox (bwrap: No permissions to create new namespace). Allow user namespaces (sysctl kernel.unprivileged_userns_clone=1 and user.max_user_namespaces above 0), and check that util-linux (prlimit) is installed, or create the cell with sandbox: 'off' to run programs without it.`,
      );
    } finally {
      process.env.PATH = saved;
    }
    expect(existsSync(join(work, 'made'))).toBe(false);
  });

  it("with sandbox: 'off' the command runs and every audit event says so", async () => {
    const { cell, exec } = world({ sandbox: 'off' });
    const result = await exec('cat ../outside/outside.txt');
    expect(result.text).toContain(OUTSIDE_SECRET);
    await cell.run().call('read', { path: 'inside.txt' });
    expect(cell.auditLog().map((event) => event.sandbox)).toEqual(['off', 'off']);
  });

  it('a bad sandbox setting is refused when the cell is created', () => {
    expect(() =>
      engine.createCell({ workDir: tmpdir(), sandbox: { limits: { processes: 0, memory: 5 } } as never }),
    ).toThrow(
      'the sandbox settings are not valid: sandbox.limits.processes must be a whole number of at least 1; got 0; sandbox.limits.memory is not a limit (processes, fileSizeBytes, cpuSeconds, openFiles)',
    );
    expect(() => engine.createCell({ workDir: tmpdir(), sandbox: 'of' as never })).toThrow(
      `sandbox must be 'on', 'off' or an object of settings; got "of"`,
    );
  });
});
