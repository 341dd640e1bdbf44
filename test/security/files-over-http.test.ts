// Issue 9, classes 4 and 5, over HTTP: what races.test.ts and executed-files.test.ts prove through
// run.call holds for a client of the HTTP API. A real server on loopback (`serve`, the built-in tools,
// the token it makes), calls sent as POST /tools/<name>/call, every question the pipeline parks answered
// over POST /approvals/<id>. Each case proves the effect: the outside content in no HTTP answer and not in
// the /events stream, nothing created or changed outside, and the protected files exactly as they were.

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { builtins } from '@wesgine/builtins';
import { type Cell, type CellSpec, createEngine, DEFAULT_ZONE_FILE } from '@wesgine/runtime';
import { type HttpServer, serve } from '@wesgine/runtime/http';
import { afterAll, describe, expect, it } from 'vitest';
import { fingerprint } from './effects.fixture.js';
import { type Answer, type Decision, httpClient } from './http-client.fixture.js';

const engine = createEngine({ tools: builtins });
const SECRET = 'OUTSIDE-FILES-HTTP-5d21';
const FLIP_MS = 2000;

interface World {
  readonly root: string;
  readonly work: string;
  readonly outside: string;
  readonly cell: Cell;
  readonly server: HttpServer;
  /** POST /tools/<tool>/call; every approval the call parks is answered with `decision`. */
  call(tool: string, args: Record<string, unknown>, decision?: Decision, sessionId?: string): Promise<Answer>;
  /** Everything the /events stream has carried so far. */
  events(): string;
  /** Remembers the state of everything outside the work folder, for `untouched`. */
  snapshot(): void;
  /** Whether everything outside the work folder (the data folder aside) is as `snapshot` found it. */
  untouched(): boolean;
  close(): Promise<void>;
}

const worlds: World[] = [];
const roots: string[] = [];
const started: ChildProcess[] = [];
afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  for (const world of worlds) await world.close();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/**
 * A cell served on loopback with its own token: `<root>/work` (`flip.txt`, `dir/f.txt`, `plain.txt` and
 * the files `files` names), `<root>/outside/` (`secret.txt`, `dir/f.txt`, `dir/secret-name.txt`, all
 * holding the secret) and `<root>/data`. `/events` is read from the start.
 */
async function world(spec: Partial<CellSpec> = {}, files: Record<string, string> = {}): Promise<World> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-files-http-')));
  roots.push(root);
  const work = join(root, 'work');
  const outside = join(root, 'outside');
  mkdirSync(join(work, 'dir'), { recursive: true });
  mkdirSync(join(outside, 'dir'), { recursive: true });
  writeFileSync(join(outside, 'secret.txt'), `${SECRET} NEEDLE\n`);
  writeFileSync(join(outside, 'dir', 'f.txt'), `${SECRET} NEEDLE in a folder\n`);
  writeFileSync(join(outside, 'dir', 'secret-name.txt'), `${SECRET}\n`);
  writeFileSync(join(work, 'flip.txt'), 'inside NEEDLE\n');
  writeFileSync(join(work, 'dir', 'f.txt'), 'inside NEEDLE in a folder\n');
  writeFileSync(join(work, 'plain.txt'), 'inside NEEDLE, never swapped\n');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(work, path)), { recursive: true });
    writeFileSync(join(work, path), text);
  }
  const cell = engine.createCell({ workDir: work, dataDir: join(root, 'data'), ...spec });
  const server = await serve(cell);

  const api = await httpClient(server.url, server.token ?? '');

  const state = () => `${readdirSync(root).sort().join(',')}|${fingerprint(outside)}`;
  let before = state();
  let closing: Promise<void> | undefined;
  const made: World = {
    root,
    work,
    outside,
    cell,
    server,
    // Every call in one session unless told otherwise: write and edit need a read in the same session.
    call: (tool, args, decision = 'approve', sessionId = 's') => api.call(tool, args, decision, sessionId),
    events: api.events,
    snapshot: () => {
      before = state();
    },
    untouched: () => state() === before,
    close: () => {
      closing ??= (async () => {
        await api.close();
        await server.close();
        await cell.stop();
      })();
      return closing;
    },
  };
  worlds.push(made);
  return made;
}

/**
 * Swaps `name` between an inside file or folder and a link to `target`, for `ms`; prints the flips. As
 * races.test.ts's, but every 64 flips it holds the inside state for 2 ms: a call over HTTP takes
 * milliseconds, so without a pause almost none would find the name settled, and the test could not show
 * that the tools still work in the race (the flips around each pause race as all the others do).
 */
const FLIPPER = `
const fs = require('node:fs');
const [name, target, kind, ms] = process.argv.slice(1);
const away = name + '.away';
const keep = name + '.keep';
const until = Date.now() + Number(ms);
let flips = 0;
const pause = new Int32Array(new SharedArrayBuffer(4));
const hold = () => { if (flips % 32 === 0) Atomics.wait(pause, 0, 0, 5); };
while (Date.now() < until) {
  try {
    if (kind === 'file') {
      // The same inside file comes back each time (so a read before a change still holds for it); one
      // a tool deleted or replaced by a link is made again.
      if (fs.lstatSync(name, { throwIfNoEntry: false })?.isFile()) fs.renameSync(name, keep);
      else if (!fs.existsSync(keep)) fs.writeFileSync(keep, 'inside NEEDLE\\n');
      fs.symlinkSync(target, away);
      fs.renameSync(away, name);
      fs.renameSync(keep, name);
      hold();
    } else {
      // A tool may make a new folder at name while it is missing: that one is removed, the real one kept.
      if (!fs.existsSync(away)) fs.renameSync(name, away);
      fs.rmSync(name, { recursive: true, force: true });
      fs.symlinkSync(target, name);
      fs.unlinkSync(name);
      fs.renameSync(away, name);
      hold();
    }
    flips += 2;
  } catch {}
}
try { if (kind === 'file' && fs.existsSync(keep)) fs.renameSync(keep, name); } catch {}
process.stdout.write(String(flips));
`;

/** Runs the flipper on `name` (under the work folder) and `call` in a loop until it ends. */
async function race(
  w: World,
  name: string,
  target: string,
  kind: 'file' | 'folder',
  call: (round: number) => Promise<Answer[]>,
): Promise<{ answers: Answer[]; flips: number }> {
  const child = spawn(process.execPath, ['-e', FLIPPER, join(w.work, name), target, kind, String(FLIP_MS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started.push(child);
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  let done = false;
  const ended = new Promise<void>((resolve) => child.on('close', () => resolve()));
  void ended.then(() => {
    done = true;
  });
  const answers: Answer[] = [];
  // Two clients at once, as a model's parallel calls would be: more tries while the name flips.
  let next = 0;
  const client = async () => {
    while (!done) answers.push(...(await call(next++)));
  };
  await Promise.all([client(), client()]);
  await ended;
  return { answers, flips: Number(out) };
}

const patch = (...lines: string[]) => ({ input: ['*** Begin Patch', ...lines, '*** End Patch'].join('\n') });

/** The answers where a tool saw the name change between its check and its open, and refused. */
const caught = (answers: readonly Answer[]) =>
  answers.filter((answer) =>
    /^\S+ changed while it was being opened \(a part of its path became a symbolic link or was moved\), so nothing was read or written\. Try again once nothing else is changing the folder\.$/.test(
      answer.result.text,
    ),
  ).length;

/** The answers whose body shows the outside world: its content or the name of a file only it holds. */
const escapes = (answers: readonly Answer[]) =>
  answers.filter((answer) => answer.body.includes(SECRET) || answer.body.includes('secret-name')).map((a) => a.body);

/** Whether the /events stream carried the outside world. */
const leakedEvents = (w: World) => w.events().includes(SECRET) || w.events().includes('secret-name');

describe('security over HTTP: check-then-use races (class 4)', () => {
  it('a file flipped for a link to an outside file: read, grep, write, edit and apply_patch never reach it', async () => {
    const w = await world();
    let changed = 0;
    const { answers, flips } = await race(w, 'flip.txt', join(w.outside, 'secret.txt'), 'file', async (round) => {
      const session = `s${round}`;
      const [read, grep] = await Promise.all([
        w.call('read', { path: 'flip.txt' }, 'approve', session),
        w.call(
          'grep',
          {
            pattern: 'NEEDLE|SECRET',
            output_mode: ['content', 'files_with_matches', 'count'][round % 3],
            ...(round % 2 === 0 ? { path: 'flip.txt' } : {}),
          },
          'approve',
          session,
        ),
      ]);
      if (read.result.isError) return [read, grep];
      const calls: [string, Record<string, unknown>][] = [
        ['write', { path: 'flip.txt', content: `pwned ${round}\n` }],
        ['edit', { path: 'flip.txt', old_string: 'NEEDLE', new_string: 'pwned' }],
        ['apply_patch', patch('*** Update File: flip.txt', '@@', '+pwned')],
        ['apply_patch', patch('*** Delete File: flip.txt')],
      ];
      const [tool, args] = calls[round % calls.length] as [string, Record<string, unknown>];
      const changing = await w.call(tool, args, 'approve', session);
      if (!changing.result.isError) changed += 1;
      return [read, grep, changing];
    });
    expect(flips).toBeGreaterThan(500);
    expect(escapes(answers)).toEqual([]);
    expect(w.events()).toContain('event: audit');
    expect(leakedEvents(w)).toBe(false);
    // The race ran and the tools still worked in it.
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.some((answer) => answer.result.text === '     1\tinside NEEDLE')).toBe(true);
    expect(answers.some((answer) => answer.result.text.includes('plain.txt:1:inside NEEDLE, never swapped'))).toBe(
      true,
    );
    expect(changed).toBeGreaterThan(0);
    // The flips hit the moment between a check and an open, and the open saw it.
    expect(caught(answers)).toBeGreaterThan(0);
    expect(w.untouched()).toBe(true);
  });

  it('a folder flipped for a link to an outside folder: nothing read, listed, created or changed outside', async () => {
    const w = await world();
    let written = 0;
    const { answers, flips } = await race(w, 'dir', join(w.outside, 'dir'), 'folder', async (round) => {
      const session = `s${round}`;
      const [read, grep] = await Promise.all([
        w.call('read', { path: 'dir/f.txt' }, 'approve', session),
        w.call(
          'grep',
          {
            pattern: 'NEEDLE|SECRET',
            output_mode: ['content', 'files_with_matches', 'count'][round % 3],
            ...(round % 2 === 0 ? { path: 'dir' } : {}),
          },
          'approve',
          session,
        ),
      ]);
      // A file to move into the flipping folder (made outside the loop's reach, in the work folder).
      writeFileSync(join(w.work, `move-${round}.txt`), 'moved\n');
      const calls: [string, Record<string, unknown>][] = [
        ['write', { path: `dir/new-${round}.txt`, content: 'pwned\n' }],
        // Variant of our own: a new subfolder under the flipping folder, made component by component.
        ['write', { path: `dir/deeper/${round}/new.txt`, content: 'pwned\n' }],
        ['edit', { path: `dir/edit-${round}.txt`, old_string: '', new_string: 'pwned\n' }],
        ['apply_patch', patch(`*** Add File: dir/patch-${round}.txt`, '+pwned')],
        // Variant of our own: a Move into the flipping folder.
        [
          'apply_patch',
          patch(`*** Update File: move-${round}.txt`, `*** Move to: dir/moved-${round}.txt`, '@@', '+pwned'),
        ],
        // Changing the existing file, read (through the flipping folder) in the same session.
        read.result.isError
          ? ['write', { path: `dir/new-${round}.txt`, content: 'pwned\n' }]
          : ['edit', { path: 'dir/f.txt', old_string: 'NEEDLE', new_string: 'pwned' }],
        read.result.isError
          ? ['write', { path: `dir/new-${round}.txt`, content: 'pwned\n' }]
          : ['apply_patch', patch('*** Update File: dir/f.txt', '@@', '+pwned')],
      ];
      const [tool, args] = calls[round % calls.length] as [string, Record<string, unknown>];
      const changing = await w.call(tool, args, 'approve', session);
      if (!changing.result.isError) written += 1;
      return [read, grep, changing];
    });
    expect(flips).toBeGreaterThan(500);
    expect(escapes(answers)).toEqual([]);
    expect(w.events()).toContain('event: audit');
    expect(leakedEvents(w)).toBe(false);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.some((answer) => answer.result.text.includes('inside NEEDLE in a folder'))).toBe(true);
    expect(written).toBeGreaterThan(0);
    expect(caught(answers)).toBeGreaterThan(0);
    expect(w.untouched()).toBe(true);
  });

  it('a hard link to an outside file is neither read nor written over HTTP, and grep does not show it', async () => {
    const w = await world();
    linkSync(join(w.outside, 'secret.txt'), join(w.work, 'hard.txt'));
    w.snapshot();
    const read = await w.call('read', { path: 'hard.txt' });
    expect(read.result).toEqual({
      isError: true,
      code: 'denied',
      text: 'hard.txt has 2 hard links: the same file also has another name, perhaps outside the allowed folders, and no check can tell where, so the file tools neither read nor change it. A copy of it without links (cp) can be read.',
    });
    const write = await w.call('write', { path: 'hard.txt', content: 'pwned\n' });
    expect(write.result).toEqual({
      isError: true,
      code: 'path_not_allowed',
      text: 'Not allowed: hard.txt has other hard links; writing it would change a file elsewhere.',
    });
    const changing = [
      await w.call('edit', { path: 'hard.txt', old_string: 'NEEDLE', new_string: 'pwned' }),
      await w.call('apply_patch', patch('*** Update File: hard.txt', '@@', '+pwned')),
      await w.call('apply_patch', patch('*** Delete File: hard.txt')),
    ];
    expect(changing.map((answer) => answer.result.code)).toEqual([
      'path_not_allowed',
      'path_not_allowed',
      'path_not_allowed',
    ]);
    const grep = await w.call('grep', { pattern: 'NEEDLE', output_mode: 'content' });
    expect(grep.result.text).toContain('plain.txt:1:inside NEEDLE, never swapped');
    expect(escapes([read, write, ...changing, grep])).toEqual([]);
    expect(leakedEvents(w)).toBe(false);
    expect(readFileSync(join(w.outside, 'secret.txt'), 'utf8')).toBe(`${SECRET} NEEDLE\n`);
    expect(w.untouched()).toBe(true);
  });
});

/** Git's files as a repository with a submodule and a worktree has them. */
const GIT_FILES: Record<string, string> = {
  '.git/config': '[core]\n\tbare = false\n',
  '.git/hooks/pre-commit.sample': '#!/bin/sh\n',
  '.git/info/attributes': '',
  '.git/modules/sub/config': '[core]\n\tworktree = ../../../sub\n',
  '.git/worktrees/feature/config': '[core]\n',
  '.git/worktrees/feature/gitdir': '/w/feature/.git\n',
  'sub/.git': 'gitdir: ../.git/modules/sub\n',
};
const GIT_TARGETS = [
  '.git/config',
  '.git/hooks/pre-commit',
  '.git/modules/sub/config',
  '.git/worktrees/feature/config',
  'sub/.git',
];
const PLANTED = '[core]\n\tfsmonitor = touch /tmp/pwned\n';
const GIT_REASON =
  "git runs what these say (a git folder's config and hooks, and the files that point git at another folder), so writing them would run code or change remotes behind the agent";

describe('security over HTTP: files git executes are Hardline, whoever approves (class 5)', () => {
  it.each([
    ['no zone', {}],
    ['the shipped default zone', { zone: DEFAULT_ZONE_FILE }],
  ] as const)('under %s, write, edit and apply_patch are hardline_denied before anyone is asked', async (_, spec) => {
    const w = await world(spec, { ...GIT_FILES, 'evil.ini': PLANTED });
    const before = fingerprint(w.work);
    for (const target of GIT_TARGETS) {
      const exists = target in GIT_FILES;
      if (exists) await w.call('read', { path: target });
      const calls: [string, Record<string, unknown>][] = [
        ['write', { path: target, content: PLANTED }],
        ['edit', { path: target, old_string: exists ? '[core]' : '', new_string: PLANTED }],
        [
          'apply_patch',
          exists
            ? patch(`*** Update File: ${target}`, '@@', '+\tfsmonitor = x')
            : patch(`*** Add File: ${target}`, '+[core]', '+\tfsmonitor = x'),
        ],
        ['apply_patch', patch('*** Update File: evil.ini', `*** Move to: ${target}`, '@@', '+# moved')],
      ];
      for (const [tool, args] of calls) {
        const answer = await w.call(tool, args, 'approve');
        expect({ tool, target, status: answer.status, code: answer.result.code }).toEqual({
          tool,
          target,
          status: 200,
          code: 'hardline_denied',
        });
        expect(answer.result.text).toContain(GIT_REASON);
        // Hardline answers before a person could be asked: approving over HTTP has nothing to approve.
        expect(answer.asked).toEqual([]);
      }
    }
    expect(fingerprint(w.work)).toBe(before);
  });

  it('.git/info/attributes stays writable, as documented: under the default zone it asks, and approved it is written', async () => {
    const w = await world({ zone: DEFAULT_ZONE_FILE }, GIT_FILES);
    expect((await w.call('read', { path: '.git/info/attributes' })).result.isError).toBe(false);
    const written = await w.call('write', { path: '.git/info/attributes', content: '* text=auto\n' }, 'approve');
    const patched = await w.call('apply_patch', patch('*** Update File: .git/info/attributes', '@@', '+*.png binary'));
    for (const [tool, answer] of [
      ['write', written],
      ['apply_patch', patched],
    ] as const) {
      expect(answer.result).toMatchObject({ isError: false });
      // Asked as any action is under the default zone, not refused by Hardline.
      expect(answer.asked.map((request) => [request.tool, request.rule])).toEqual([[tool, 'default:action']]);
    }
    expect(readFileSync(join(w.work, '.git/info/attributes'), 'utf8')).toBe('* text=auto\n*.png binary\n');
  });
});

const EXECUTED = ['.vscode/tasks.json', '.envrc', '.github/workflows/ci.yml'];
const ZONE_REASON = 'editors, shells, git hooks or CI run this file without anyone deciding to run it';

describe('security over HTTP: the default zone asks before the file tools write what editors, shells and CI run (class 5)', () => {
  const calls = (path: string): [string, Record<string, unknown>][] => [
    ['write', { path, content: 'echo pwned\n' }],
    ['edit', { path, old_string: '', new_string: 'echo pwned\n' }],
    ['apply_patch', patch(`*** Add File: ${path}`, '+echo pwned')],
  ];

  it.each(EXECUTED)('%s: the question waits at GET /approvals; denied over HTTP, nothing is written', async (path) => {
    const w = await world({ zone: DEFAULT_ZONE_FILE });
    const before = fingerprint(w.work);
    for (const [tool, args] of calls(path)) {
      const answer = await w.call(tool, args, 'deny');
      expect(answer.result).toEqual({
        isError: true,
        code: 'denied',
        text: 'The call was not approved: denied over HTTP',
      });
      expect(answer.asked.map(({ tool, question, stage, rule }) => ({ tool, question, stage, rule }))).toEqual([
        { tool, question: ZONE_REASON, stage: 'zone', rule: 'executed-on-open' },
      ]);
    }
    expect(fingerprint(w.work)).toBe(before);
    expect(existsSync(join(w.work, path))).toBe(false);
  });

  it.each(EXECUTED)('%s: approved over HTTP, exactly what was asked is written', async (path) => {
    const w = await world({ zone: DEFAULT_ZONE_FILE });
    const [tool, args] = calls(path)[0] as [string, Record<string, unknown>];
    const written = await w.call(tool, args, 'approve');
    expect(written.result).toMatchObject({ isError: false });
    expect(written.asked.map((request) => request.rule)).toEqual(['executed-on-open']);
    expect(readFileSync(join(w.work, path), 'utf8')).toBe('echo pwned\n');
    // The other tools ask as well once the file exists (an edit, then a patch of it).
    const edited = await w.call('edit', { path, old_string: 'pwned', new_string: 'edited' }, 'approve');
    const patched = await w.call('apply_patch', patch(`*** Update File: ${path}`, '@@', '+patched'), 'approve');
    for (const answer of [edited, patched]) {
      expect(answer.result).toMatchObject({ isError: false });
      expect(answer.asked.map((request) => request.rule)).toEqual(['executed-on-open']);
    }
    expect(readFileSync(join(w.work, path), 'utf8')).toBe('echo edited\npatched\n');
  });
});

/** A child of the default zone whose ask for the executed files names exec too. */
function execAsksZone(): string {
  const folder = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-files-http-zone-')));
  roots.push(folder);
  const file = join(folder, 'exec-asks.yaml');
  writeFileSync(
    file,
    `version: 1\nzone: test/exec-asks\nextends: [${JSON.stringify(DEFAULT_ZONE_FILE)}]\nrules:\n  - id: executed-by-programs\n    effect: ask\n    tools: [exec]\n    paths: ["**/.vscode/tasks.json", "**/.envrc", "**/.github/workflows/**"]\n`,
  );
  return file;
}

/** A child of the default zone that lets exec run tar without asking. */
function allowTarZone(): string {
  const folder = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-files-http-zone-')));
  roots.push(folder);
  const file = join(folder, 'allow-tar.yaml');
  writeFileSync(
    file,
    `version: 1\nzone: test/allow-tar\nextends: [${JSON.stringify(DEFAULT_ZONE_FILE)}]\nrules:\n  - id: tar\n    effect: allow\n    tools: [exec]\n    argv: [tar]\n`,
  );
  return file;
}

describe('security over HTTP: the same files written by a program through exec (class 5)', () => {
  const run = (w: World, command: string) => w.call('exec', { command }, 'approve');

  it("Hardline's files are read-only inside the sandbox: approved over HTTP, cp, tee and mv change nothing", async () => {
    const w = await world({ zone: DEFAULT_ZONE_FILE }, { ...GIT_FILES, 'evil.ini': PLANTED });
    const before = fingerprint(w.work);
    const answers: Answer[] = [];
    for (const command of [
      'cp evil.ini .git/config',
      'tee .git/hooks/pre-commit < evil.ini',
      'cp evil.ini .git/modules/sub/config',
      'tee -a .git/worktrees/feature/config < evil.ini',
      'cp evil.ini sub/.git',
      // Variants of our own: moving the protected folder away to put another in its place, and a
      // program the text analysis cannot follow at all.
      'mv .git/hooks .git/hooks-old',
      "python3 -c \"open('.git/config','a').write('[core]\\n\\tfsmonitor = x\\n')\"",
    ]) {
      answers.push(await run(w, command));
    }
    // Each command was an action, so a person was asked (and approved over HTTP): only the sandbox held.
    expect(answers.map((answer) => answer.asked.length)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(
      answers.map((answer) => answer.result.text.match(/(Read-only file system|Device or resource busy)/)?.[1]),
    ).toEqual([
      'Read-only file system',
      'Read-only file system',
      'Read-only file system',
      'Read-only file system',
      'Read-only file system',
      'Device or resource busy',
      'Read-only file system',
    ]);
    expect(fingerprint(w.work)).toBe(before);
  });

  it('.git/info/attributes stays writable for a program too, as documented', async () => {
    const w = await world({ zone: DEFAULT_ZONE_FILE }, GIT_FILES);
    const answer = await run(w, 'echo "* text=auto" > .git/info/attributes');
    expect(answer.result.text).toMatch(/^Exit code: 0\n/);
    expect(readFileSync(join(w.work, '.git/info/attributes'), 'utf8')).toBe('* text=auto\n');
  });

  // What is true today, and documented: the default zone's executed-on-open rule names write, edit and
  // apply_patch (packages/runtime/zones/default.yaml, and the runtime README's Zone paragraph), so for
  // exec these paths are not "paths a Zone rule would ask about" and the sandbox leaves them writable.
  // Under the default zone the command itself is an action and asks; once a person approves it, the
  // program writes them, whether or not the command's text names the file, and under a child zone that
  // allows the program nobody is asked at all. A gap against the class 5 all the same: these
  // tests pin the behaviour, so that a change to it is seen (the last two tests show what naming exec
  // in the rule would give, and where that stops).
  it("a program cannot change the zone's executed files once its command is approved: existing ones are read-only, new ones are removed again", async () => {
    const w = await world({ zone: DEFAULT_ZONE_FILE }, { 'evil.sh': 'echo pwned\n', '.vscode/tasks.json': '{}\n' });
    const commands = [
      'cp evil.sh .vscode/tasks.json',
      'tee .envrc < evil.sh',
      'mkdir -p .github/workflows && cp evil.sh .github/workflows/ci.yml',
    ];
    const answers: Answer[] = [];
    for (const command of commands) answers.push(await run(w, command));
    for (const [index, answer] of answers.entries()) {
      // What the person approved: an exec question (the action default), the command in its arguments.
      expect(answer.asked.map((request) => [request.tool, request.rule, request.args])).toEqual([
        ['exec', 'default:action', { command: commands[index] }],
      ]);
    }
    expect(answers[0]?.result.text).toContain('Read-only file system');
    expect(answers[1]?.result.text).toContain('and it was removed again: .envrc.');
    expect(answers[2]?.result.text).toContain('and it was removed again: .github/workflows/ci.yml.');
    expect(readFileSync(join(w.work, '.vscode/tasks.json'), 'utf8')).toBe('{}\n');
    expect(existsSync(join(w.work, '.envrc'))).toBe(false);
    expect(existsSync(join(w.work, '.github/workflows/ci.yml'))).toBe(false);
  });

  it.each([
    ['the default zone, the command approved over HTTP', 'default'],
    ['a child zone that allows tar, nobody asked', 'allow-tar'],
  ] as const)('a program whose command names none of them cannot leave them behind under %s', async (_, zone) => {
    const w = await world({ zone: zone === 'default' ? DEFAULT_ZONE_FILE : allowTarZone() });
    // An archive made outside the cell, holding the three files; the command only unpacks it.
    const staging = join(w.root, 'staging');
    for (const path of EXECUTED) {
      mkdirSync(dirname(join(staging, path)), { recursive: true });
      writeFileSync(join(staging, path), 'echo from the archive\n');
    }
    expect(
      spawnSync('tar', ['cf', join(w.work, 'assets.tar'), '-C', staging, '.vscode', '.envrc', '.github']).status,
    ).toBe(0);
    rmSync(staging, { recursive: true });
    w.snapshot();
    const answer = await run(w, 'tar xf assets.tar');
    expect(answer.asked.map((request) => request.question)).toEqual(
      zone === 'default'
        ? ['no rule covers exec running `tar xf assets.tar`; action calls need approval by default']
        : [],
    );
    expect(answer.result.text).toMatch(/^Exit code: 0\n/);
    expect(answer.result.text).toContain(
      'and it was removed again: .envrc, .github/workflows/ci.yml, .vscode/tasks.json.',
    );
    for (const path of EXECUTED) expect(existsSync(join(w.work, path))).toBe(false);
    expect(w.untouched()).toBe(true);
  });

  it('a zone whose ask rule names exec makes the existing ones read-only for programs', async () => {
    const w = await world(
      { zone: execAsksZone() },
      {
        'evil.sh': 'echo pwned\n',
        '.vscode/tasks.json': '{}\n',
        '.envrc': '\n',
        '.github/workflows/ci.yml': 'on: push\n',
      },
    );
    const before = fingerprint(w.work);
    const answers: Answer[] = [];
    for (const command of [
      'cp evil.sh .vscode/tasks.json',
      'tee .envrc < evil.sh',
      'cp evil.sh .github/workflows/ci.yml',
      'rm .github/workflows/ci.yml',
    ]) {
      answers.push(await run(w, command));
    }
    expect(
      answers.map((answer) => answer.result.text.match(/(Read-only file system|Device or resource busy)/)?.[1]),
    ).toEqual(['Read-only file system', 'Read-only file system', 'Read-only file system', 'Device or resource busy']);
    expect(fingerprint(w.work)).toBe(before);
  });

  // A hole, and this test fails until it is closed: Hardline refuses every tool a write under a .git
  // folder's hooks, and the README's sandbox table says `.git/hooks` (any `.git`) and the paths a Zone
  // rule would ask about are read-only for programs. But the sandbox makes read-only only what exists
  // when the program starts (the walk of the roots finds entries, and a bind mount needs one): in a
  // repository without a hooks folder (`git init --template=` makes one so) a program makes the folder,
  // and git runs the planted hook on the next commit; under a zone whose ask names exec, a workflow in a
  // `.github/workflows` that does not exist yet is written as well.
  it('a program cannot create a protected path that does not exist yet: a git hook, an asked-about workflow', async () => {
    const w = await world({ zone: execAsksZone() }, { 'evil.sh': '#!/bin/sh\ntouch planted-hook-ran\n' });
    const git = (...args: string[]) =>
      spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
        cwd: w.work,
        encoding: 'utf8',
        env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
      });
    expect(git('init', '-q', '--template=').status).toBe(0);
    expect(existsSync(join(w.work, '.git/hooks'))).toBe(false);
    const answer = await run(
      w,
      'mkdir .git/hooks && cp evil.sh .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit',
    );
    expect(answer.asked.length).toBe(1);
    const workflow = await run(w, 'mkdir -p .github/workflows && cp evil.sh .github/workflows/ci.yml');
    expect(workflow.asked.length).toBe(1);
    git('commit', '-q', '--allow-empty', '-m', 'after the agent');
    expect({
      hook: existsSync(join(w.work, '.git/hooks/pre-commit')),
      ran: existsSync(join(w.work, 'planted-hook-ran')),
      workflow: existsSync(join(w.work, '.github/workflows/ci.yml')),
    }).toEqual({ hook: false, ran: false, workflow: false });
  });
});
