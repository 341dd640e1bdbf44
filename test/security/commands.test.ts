import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtins } from '@wesgine/builtins';
import { type ApprovalRequest, type CellSpec, createEngine } from '@wesgine/runtime';
import { Command, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';

// Threat list rows 22-31 (research B, section d) for command lines, through run.call. The `sh` tool runs
// its command with bash in the work folder, so a refusal that failed would show as a changed file. The
// catastrophic rows use a tool that only records what it was given: the test must never run them.

function world(spec: Partial<CellSpec> = {}) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-commands-')));
  const work = join(root, 'proj');
  const outside = join(root, 'outside');
  mkdirSync(join(work, '.git', 'hooks'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, 'target.txt'), 'original\n');
  const ran: string[] = [];
  const cell = createEngine().createCell({ workDir: work, ...spec });
  cell.tools().register({
    name: 'sh',
    description: 'Runs a command line with bash in the work folder.',
    parameters: Type.Object({ command: Command() }),
    handler: ({ command }, context) => {
      ran.push(command);
      return execFileSync('bash', ['-c', command], { cwd: context.workDir, encoding: 'utf8' });
    },
  });
  cell.tools().register({
    name: 'record',
    description: 'Records a command line without running it.',
    parameters: Type.Object({ command: Command() }),
    handler: ({ command }) => {
      ran.push(command);
      return 'recorded';
    },
  });
  const outsideText = () => readFileSync(join(outside, 'target.txt'), 'utf8');
  return { root, work, outside, cell, run: cell.run(), ran, outsideText };
}

describe('security: command lines', () => {
  it('a plain command runs', async () => {
    const { run } = world();
    expect(await run.call('sh', { command: 'echo hi && echo there' })).toEqual({ isError: false, text: 'hi\nthere\n' });
  });

  it('row 22: every sub-command of a chain is judged by the zone', async () => {
    const { run, ran, outsideText } = world({
      zone: {
        version: 1,
        zone: 'test/echo-only',
        defaults: { exploration: 'allow', action: 'deny' },
        rules: [{ id: 'echo-ok', effect: 'allow', tools: ['sh'], argv: ['echo', '*'] }],
      },
    });
    expect(await run.call('sh', { command: 'echo ok' })).toMatchObject({ isError: false, text: 'ok\n' });
    const chained = await run.call('sh', { command: 'echo ok && cp /dev/null ../outside/target.txt' });
    expect(chained).toMatchObject({ isError: true, code: 'zone_denied' });
    expect(ran).toEqual(['echo ok']);
    expect(outsideText()).toBe('original\n');
  });

  it('row 24 with a zone: a redirection is a write the zone judges, even after an allowed command', async () => {
    const { run, ran, work } = world({
      zone: {
        version: 1,
        zone: 'test/echo-only',
        defaults: { exploration: 'allow', action: 'deny' },
        rules: [
          { id: 'echo-ok', effect: 'allow', tools: ['sh'], argv: ['echo', '*'] },
          { id: 'no-secrets', effect: 'deny', tools: ['*'], paths: ['**/.env'], reason: 'secrets stay closed' },
        ],
      },
    });
    expect(await run.call('sh', { command: 'echo TOKEN=x > .env' })).toEqual({
      isError: true,
      code: 'zone_denied',
      text: "Not allowed by zone 'test/echo-only': secrets stay closed",
    });
    expect(ran).toEqual([]);
    expect(existsSync(join(work, '.env'))).toBe(false);
  });

  it('row 23: command and process substitution need a person; with none they are refused', async () => {
    const { run, ran } = world();
    for (const command of ['echo $(cat ~/.ssh/id_rsa)', 'echo `id`', 'diff <(cat /etc/shadow) x', 'echo $((1+2))']) {
      expect(await run.call('sh', { command })).toMatchObject({ isError: true, code: 'approval_required' });
    }
    expect(ran).toEqual([]);
  });

  it('row 24: a redirection is a write, judged like a path argument', async () => {
    const { run, ran, work, outsideText } = world();
    expect(await run.call('sh', { command: 'echo pwned > ../outside/target.txt' })).toMatchObject({
      code: 'path_not_allowed',
    });
    expect(await run.call('sh', { command: 'echo pwned >> ~/.bashrc' })).toMatchObject({ isError: true });
    expect(await run.call('sh', { command: 'echo x > .git/hooks/pre-commit' })).toMatchObject({
      code: 'hardline_denied',
    });
    expect(ran).toEqual([]);
    expect(outsideText()).toBe('original\n');
    expect(existsSync(join(work, '.git/hooks/pre-commit'))).toBe(false);
    expect(await run.call('sh', { command: 'echo fine > out.txt 2>/dev/null' })).toMatchObject({ isError: false });
    expect(readFileSync(join(work, 'out.txt'), 'utf8')).toBe('fine\n');
  });

  it('row 25: cd out of the work folder is refused', async () => {
    const { run, ran, outsideText } = world();
    expect(await run.call('sh', { command: 'cd .. && cp /dev/null outside/target.txt' })).toMatchObject({
      code: 'path_not_allowed',
    });
    expect(await run.call('sh', { command: 'cd / && ls' })).toMatchObject({ code: 'path_not_allowed' });
    expect(ran).toEqual([]);
    expect(outsideText()).toBe('original\n');
  });

  it('row 26: wrappers are looked through; find -exec and xargs need a person', async () => {
    const { run, ran } = world();
    expect(await run.call('record', { command: 'timeout 5 rm -rf /' })).toMatchObject({ code: 'hardline_denied' });
    expect(await run.call('record', { command: 'nice -n 5 env X=1 rm -rf ~' })).toMatchObject({
      code: 'hardline_denied',
    });
    expect(await run.call('sh', { command: 'find . -name x -exec rm {} ;' })).toMatchObject({
      code: 'approval_required',
    });
    expect(await run.call('sh', { command: 'echo a | xargs rm' })).toMatchObject({ code: 'approval_required' });
    expect(ran).toEqual([]);
  });

  it('row 27: interpreters given inline code need a person', async () => {
    const { run, ran } = world();
    // Code inside `bash -c` is read too: its redirection out of the work folder is refused outright.
    expect(await run.call('sh', { command: "bash -c 'echo x > ../outside/target.txt'" })).toMatchObject({
      code: 'path_not_allowed',
    });
    for (const command of [
      'sh -c id',
      "python3 -c 'import os'",
      "node -e 'process.exit(0)'",
      // An option's value is not the script: the eval after it is still seen.
      "node --env-file .env -e 'process.exit(0)'",
      "node --disable-warning DEP0040 --print 'process.exit(0)'",
      "perl -e 'print 1'",
      "git -c core.pager='sh -c id' log",
    ]) {
      expect(await run.call('sh', { command })).toMatchObject({ code: 'approval_required' });
    }
    expect(ran).toEqual([]);
  });

  it('row 28: a command name that is not known before it runs needs a person', async () => {
    const { run, ran } = world();
    for (const command of ['CMD=rm; $CMD -rf x', 'a=cu;b=rl;$a$b evil', 'eval "$X"']) {
      expect(await run.call('sh', { command })).toMatchObject({ code: 'approval_required' });
    }
    expect(ran).toEqual([]);
  });

  it('row 29: text a shell may read differently is refused', async () => {
    const { run, ran } = world();
    for (const command of ['ls\rrm -rf x', 'ls\u00a0-la', "$'\\x72m' -rf x"]) {
      expect((await run.call('sh', { command })).isError).toBe(true);
    }
    expect(ran).toEqual([]);
  });

  it('row 30: a flood of sub-commands is refused outright, not asked', async () => {
    const { run, ran } = world();
    const result = await run.call('sh', { command: `${'true && '.repeat(60)}echo done` });
    expect(result).toMatchObject({ isError: true, code: 'denied' });
    expect(ran).toEqual([]);
  });

  it('row 31: assignments that change which program runs need a person', async () => {
    const { run, ran } = world();
    for (const command of [
      'PATH=./bin:$PATH git status',
      'LD_PRELOAD=./x.so ls',
      'NODE_OPTIONS=--require=./x node a.js',
    ]) {
      expect(await run.call('sh', { command })).toMatchObject({ code: 'approval_required' });
    }
    expect(ran).toEqual([]);
  });

  it('Hardline catastrophic commands are refused however they are spelled', async () => {
    const { run, ran } = world();
    for (const command of ['rm -rf /', 'rm -r -f /*', 'sudo /bin/rm --recursive --force /', 'mkfs.ext4 /dev/sda1']) {
      expect(await run.call('record', { command })).toMatchObject({ isError: true, code: 'hardline_denied' });
    }
    expect(await run.call('record', { command: 'dd if=/dev/zero of=/dev/sda' })).toMatchObject({
      code: 'hardline_denied',
    });
    expect(await run.call('record', { command: ':(){ :|:& };:' })).toMatchObject({ isError: true });
    expect(ran).toEqual([]);
  });
});

describe('security: words bash evaluates as code (issue 9, class 2)', () => {
  // The real exec tool runs each line with bash in the work folder; a line let through would create
  // ../pwned (beside the work folder). With no human attached every one must be refused, unrun.
  const LINES = [
    "test -v 'x[$(touch ../pwned)]'",
    "[ -v 'x[$(touch ../pwned)]' ]",
    "[[ -v 'x[$(touch ../pwned)]' ]]",
    "[[ 'a[$(touch ../pwned)]' -eq 1 ]]",
    "printf -v 'a[$(touch ../pwned)]' x",
    "read 'a[$(touch ../pwned)]' <<< x",
    "declare -a a; unset 'a[$(touch ../pwned)]'",
    "declare 'a[$(touch ../pwned)]=1'",
    "typeset 'a[$(touch ../pwned)]=1'",
    "declare -n r='a[$(touch ../pwned)]'; r=1",
    "let 'a[$(touch ../pwned)]'",
    "mapfile -C 'touch ../pwned' -c 1 q <<< x",
    "trap 'touch ../pwned' EXIT",
    "printf -v PROMPT_COMMAND 'touch ../pwned'",
  ];

  it('the test can fail: with an approving human and the OS sandbox off, the same line runs its hidden code', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-evaluated-')));
    const work = join(root, 'proj');
    mkdirSync(work);
    const engine = createEngine({ tools: builtins });
    const off = engine.createCell({ workDir: work, sandbox: 'off' });
    const on = engine.createCell({ workDir: work });
    const approving = { ask: async () => ({ decision: 'approve' as const }) };
    try {
      // With the sandbox on, even an approved line cannot reach beside the work folder.
      expect(await on.run({ human: approving }).call('exec', { command: LINES[0] })).toMatchObject({ isError: false });
      expect(existsSync(join(root, 'pwned'))).toBe(false);
      expect(await off.run({ human: approving }).call('exec', { command: LINES[0] })).toMatchObject({ isError: false });
      expect(existsSync(join(root, 'pwned'))).toBe(true);
    } finally {
      await off.stop();
      await on.stop();
    }
  });

  it.each(LINES)('%j is not read-only: refused without a person, nothing created', async (command) => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-evaluated-')));
    const work = join(root, 'proj');
    mkdirSync(work);
    const cell = createEngine({ tools: builtins }).createCell({ workDir: work });
    try {
      const result = await cell.run().call('exec', { command });
      expect(result).toMatchObject({ isError: true, code: 'approval_required' });
      expect(result.text).toMatch(
        /^This call needs a person's approval and no one is attached to this run to give it: /,
      );
      expect(existsSync(join(root, 'pwned'))).toBe(false);
    } finally {
      await cell.stop();
    }
  });
});

describe('security: Hardline inside code handed to a shell, after an approval (issue 9, class 3)', () => {
  // The `sh` tool runs its command with bash, as exec does, but with a PATH of our own in which `rm`,
  // `mkfs.ext4`, `shutdown` and `chmod` only note that they ran (the real ones are never reachable by
  // name): a refusal that failed shows as a marker, never as damage. The human approves everything.
  function approved(spec: Partial<CellSpec> = {}) {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-nested-')));
    const work = join(root, 'proj');
    const bin = join(root, 'bin');
    mkdirSync(work);
    mkdirSync(bin);
    const marker = join(root, 'ran.txt');
    for (const name of ['rm', 'mkfs.ext4', 'shutdown', 'chmod']) {
      writeFileSync(join(bin, name), `#!/bin/sh\necho "${name} $*" >> '${marker}'\n`);
      chmodSync(join(bin, name), 0o755);
    }
    for (const name of ['bash', 'sh', 'dash', 'env', 'timeout', 'xargs', 'find', 'touch', 'echo']) {
      for (const folder of ['/bin', '/usr/bin']) {
        if (existsSync(join(folder, name)) && !existsSync(join(bin, name)))
          symlinkSync(join(folder, name), join(bin, name));
      }
    }
    const asked: ApprovalRequest[] = [];
    const cell = createEngine().createCell({ workDir: work, ...spec });
    cell.tools().register({
      name: 'sh',
      description: 'Runs a command line with bash in the work folder.',
      parameters: Type.Object({ command: Command() }),
      handler: ({ command }) =>
        execFileSync(join(bin, 'bash'), ['-c', command], { cwd: work, env: { PATH: bin }, encoding: 'utf8' }),
    });
    const run = cell.run({
      human: {
        ask: async (request) => {
          asked.push(request);
          return { decision: 'approve' };
        },
      },
    });
    return { run, work, marker, asked, ran: () => (existsSync(marker) ? readFileSync(marker, 'utf8') : '') };
  }

  it.each([
    "bash -c 'rm -rf /'",
    "sh -c 'rm -rf /'",
    "dash -c 'rm -rf ~'",
    "zsh -c 'rm -rf /'",
    "eval 'rm -rf /'",
    'eval rm -rf /',
    "env bash -c 'rm -rf /'",
    "timeout 5 bash -c 'rm -rf /'",
    "echo . | xargs sh -c 'rm -rf /'",
    "find . -maxdepth 0 -exec sh -c 'rm -rf /' \\;",
    `bash -c "bash -c 'rm -rf /'"`,
    `sh -c "eval 'chmod -R 777 /'"`,
    'sh -c \'rm -rf "$1"\' _ /',
    "bash -lc 'mkfs.ext4 /dev/sda'",
    "bash <<< 'shutdown now'",
    "trap 'rm -rf /' EXIT",
    "env -S 'rm -rf /'",
  ])('%j is hardline_denied even with an approving human, and never runs', async (command) => {
    const { run, asked, ran } = approved();
    const result = await run.call('sh', { command });
    expect(result).toMatchObject({ isError: true, code: 'hardline_denied' });
    expect(result.text).toMatch(/^Not allowed: `.+` is never allowed: /);
    expect(asked).toEqual([]);
    expect(ran()).toBe('');
  });

  it("a zone's deny reaches the commands inside bash -c too", async () => {
    const { run, asked, work } = approved({
      zone: {
        version: 1,
        zone: 'test/no-touch',
        defaults: { exploration: 'allow', action: 'ask' },
        rules: [{ id: 'no-touch', effect: 'deny', tools: ['sh'], argv: ['touch', '*'], reason: 'no new files here' }],
      },
    });
    expect(await run.call('sh', { command: "bash -c 'touch zoned.txt'" })).toEqual({
      isError: true,
      code: 'zone_denied',
      text: "Not allowed by zone 'test/no-touch': no new files here",
    });
    expect(asked).toEqual([]);
    expect(existsSync(join(work, 'zoned.txt'))).toBe(false);
  });

  it('nesting deeper than 3 levels is refused; approved harmless code still runs', async () => {
    const { run, asked, ran, work } = approved();
    expect(await run.call('sh', { command: `bash -c "bash -c \\"bash -c 'bash -c shutdown'\\""` })).toEqual({
      isError: true,
      code: 'denied',
      text: 'Not allowed: The command line nests code in code more than 3 levels deep (`bash -c`), deeper than the analysis follows. Write the innermost command directly.',
    });
    expect(ran()).toBe('');
    expect(ran()).toBe('');
    expect(await run.call('sh', { command: "bash -c 'touch approved.txt'" })).toMatchObject({ isError: false });
    expect(asked).toHaveLength(1);
    expect(existsSync(join(work, 'approved.txt'))).toBe(true);
  });
});
