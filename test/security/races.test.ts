import { type ChildProcess, spawn } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtins } from '@wesgine/builtins';
import { createEngine } from '@wesgine/runtime';
import { afterAll, describe, expect, it } from 'vitest';
import { fingerprint } from './effects.fixture.js';

// Class 4 of issue 9: check-then-use races. A child process swaps a name, as fast as it can, between a
// regular file inside the work folder and a symbolic link to an outside file (and a folder and a link to
// an outside folder), while the tool is called in a loop through run.call. Zero escapes: the outside
// content is in no answer, outside names in no listing, and nothing outside is created or changed.
// Each loop also proves the race ran (many flips) and that the tool still worked in it (inside answers).

const SECRET = 'TOP SECRET';
const FLIP_MS = 2000;

/** Swaps `name` between an inside file or folder and a link to `target`, for `ms`; prints the flips. */
const FLIPPER = `
const fs = require('node:fs');
const [name, target, kind, ms] = process.argv.slice(1);
const away = name + '.away';
const until = Date.now() + Number(ms);
let flips = 0;
while (Date.now() < until) {
  try {
    if (kind === 'file') {
      fs.writeFileSync(away, 'inside NEEDLE\\n');
      fs.renameSync(away, name);
      fs.symlinkSync(target, away);
      fs.renameSync(away, name);
    } else {
      // A tool may make a new folder at name while it is missing: that one is removed, the real one kept.
      if (!fs.existsSync(away)) fs.renameSync(name, away);
      fs.rmSync(name, { recursive: true, force: true });
      fs.symlinkSync(target, name);
      fs.unlinkSync(name);
      fs.renameSync(away, name);
    }
    flips += 2;
  } catch {}
}
try { if (kind === 'file') { fs.rmSync(name, { force: true }); fs.writeFileSync(name, 'inside NEEDLE\\n'); } } catch {}
process.stdout.write(String(flips));
`;

const started: ChildProcess[] = [];
/** grep's engine for the next calls, as a user picks it (`WESGINE_GREP`). */
const useGrepEngine = (engine: 'ripgrep' | 'node' | undefined) => {
  if (engine === undefined) delete process.env['WESGINE_GREP'];
  else process.env['WESGINE_GREP'] = engine;
};

afterAll(() => {
  useGrepEngine(undefined);
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

function world() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-races-')));
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
  const cell = createEngine({ tools: builtins }).createCell({ workDir: work, dataDir: join(root, 'data') });
  const before = fingerprint(outside);
  return { work, outside, cell, untouched: () => fingerprint(outside) === before };
}

/** Runs the flipper on `name` (under `work`) and `call` in a loop until it ends; the answers and the flips. */
async function race(
  work: string,
  name: string,
  target: string,
  kind: 'file' | 'folder',
  call: (round: number) => Promise<string>,
): Promise<{ answers: string[]; flips: number }> {
  const child = spawn(process.execPath, ['-e', FLIPPER, join(work, name), target, kind, String(FLIP_MS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started.push(child);
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const ended = new Promise<void>((resolve) => child.on('close', () => resolve()));
  let done = false;
  void ended.then(() => {
    done = true;
  });
  const answers: string[] = [];
  for (let round = 0; !done; round += 1) {
    answers.push(await call(round));
    // A tool that answers without I/O (glob) would otherwise starve the event loop of the child's end.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await ended;
  return { answers, flips: Number(out) };
}

describe('security: check-then-use races (a name flipped between an inside file and a link to outside)', () => {
  it('read never returns the outside file', async () => {
    const { work, outside, cell, untouched } = world();
    const { answers, flips } = await race(work, 'flip.txt', join(outside, 'secret.txt'), 'file', async () => {
      const result = await cell.run().call('read', { path: 'flip.txt' });
      return result.text;
    });
    expect(flips).toBeGreaterThan(1000);
    expect(answers.filter((text) => text.includes(SECRET))).toEqual([]);
    expect(answers.some((text) => text === '     1\tinside NEEDLE')).toBe(true);
    expect(untouched()).toBe(true);
  });

  it('read through a folder flipped for a link to an outside folder never returns the outside file', async () => {
    const { work, outside, cell, untouched } = world();
    const { answers, flips } = await race(work, 'dir', join(outside, 'dir'), 'folder', async () => {
      const result = await cell.run().call('read', { path: 'dir/f.txt' });
      return result.text;
    });
    expect(flips).toBeGreaterThan(1000);
    expect(answers.filter((text) => text.includes(SECRET))).toEqual([]);
    expect(answers.some((text) => text.includes('inside NEEDLE in a folder'))).toBe(true);
    expect(untouched()).toBe(true);
  });

  it.each(['ripgrep', 'node'] as const)(
    'grep (%s) never returns outside lines, nor lists outside files',
    async (engine) => {
      useGrepEngine(engine);
      const { work, outside, cell, untouched } = world();
      const flipped = async (name: string, target: string, kind: 'file' | 'folder') =>
        race(work, name, target, kind, async (round) => {
          const mode = ['content', 'files_with_matches', 'count'][round % 3];
          // Every fourth search names the flipped file itself as its path.
          const path = round % 4 === 3 ? { path: name === 'dir' ? 'dir/f.txt' : name } : {};
          const result = await cell.run().call('grep', { pattern: 'NEEDLE|SECRET', output_mode: mode, ...path });
          return result.text;
        });
      const file = await flipped('flip.txt', join(outside, 'secret.txt'), 'file');
      const folder = await flipped('dir', join(outside, 'dir'), 'folder');
      for (const { answers, flips } of [file, folder]) {
        expect(flips).toBeGreaterThan(500);
        expect(answers.filter((text) => text.includes(SECRET) || text.includes('secret-name'))).toEqual([]);
        expect(answers.some((text) => text.includes('plain.txt:1:inside NEEDLE, never swapped'))).toBe(true);
      }
      expect(untouched()).toBe(true);
    },
  );

  it('glob never lists the outside folder through the flipped one', async () => {
    const { work, outside, cell, untouched } = world();
    const { answers, flips } = await race(work, 'dir', join(outside, 'dir'), 'folder', async () => {
      const result = await cell.run().call('glob', { pattern: '**/*.txt' });
      return result.text;
    });
    expect(flips).toBeGreaterThan(1000);
    expect(answers.filter((text) => text.includes('secret-name'))).toEqual([]);
    expect(answers.some((text) => text.includes('dir/f.txt'))).toBe(true);
    expect(untouched()).toBe(true);
  });

  it('write, edit and apply_patch into a folder flipped for a link create and change nothing outside', async () => {
    const { work, outside, cell, untouched } = world();
    let written = 0;
    const { flips } = await race(work, 'dir', join(outside, 'dir'), 'folder', async (round) => {
      const run = cell.run({ sessionId: `s${round}` });
      const calls: [string, Record<string, unknown>][] = [
        ['write', { path: `dir/new-${round}.txt`, content: 'pwned\n' }],
        ['write', { path: `dir/deeper/${round}/new.txt`, content: 'pwned\n' }],
        ['edit', { path: `dir/edit-${round}.txt`, old_string: '', new_string: 'pwned\n' }],
        ['apply_patch', { input: `*** Begin Patch\n*** Add File: dir/patch-${round}.txt\n+pwned\n*** End Patch` }],
      ];
      const [tool, args] = calls[round % calls.length] as [string, Record<string, unknown>];
      const result = await run.call(tool, args);
      if (!result.isError) written += 1;
      // Changing the existing file: read it (through the flipping folder), then edit or patch it.
      if (round % 5 === 0) {
        const read = await run.call('read', { path: 'dir/f.txt' });
        if (!read.isError) {
          await run.call('edit', { path: 'dir/f.txt', old_string: 'NEEDLE', new_string: 'NEEDLE!' });
          await run.call('apply_patch', {
            input: '*** Begin Patch\n*** Update File: dir/f.txt\n@@\n+patched\n*** End Patch',
          });
        }
      }
      return result.text;
    });
    expect(flips).toBeGreaterThan(500);
    expect(written).toBeGreaterThan(0);
    expect(untouched()).toBe(true);
  });

  it('write, edit and apply_patch of a file flipped for a link to an outside file never change the outside file', async () => {
    const { work, outside, cell, untouched } = world();
    let changed = 0;
    const { flips } = await race(work, 'flip.txt', join(outside, 'secret.txt'), 'file', async (round) => {
      const run = cell.run({ sessionId: `s${round}` });
      const read = await run.call('read', { path: 'flip.txt' });
      if (read.isError) return read.text;
      const calls: [string, Record<string, unknown>][] = [
        ['write', { path: 'flip.txt', content: `pwned ${round}\n` }],
        ['edit', { path: 'flip.txt', old_string: 'NEEDLE', new_string: 'pwned' }],
        ['apply_patch', { input: '*** Begin Patch\n*** Update File: flip.txt\n@@\n+pwned\n*** End Patch' }],
        ['apply_patch', { input: '*** Begin Patch\n*** Delete File: flip.txt\n*** End Patch' }],
      ];
      const [tool, args] = calls[round % calls.length] as [string, Record<string, unknown>];
      const result = await run.call(tool, args);
      if (!result.isError) changed += 1;
      return result.text;
    });
    expect(flips).toBeGreaterThan(500);
    expect(changed).toBeGreaterThan(0);
    expect(untouched()).toBe(true);
  });

  it('a hard link to an outside file is neither read nor written, and grep does not show it', async () => {
    const { work, outside, cell, untouched } = world();
    linkSync(join(outside, 'secret.txt'), join(work, 'hard.txt'));
    const run = cell.run();
    const read = await run.call('read', { path: 'hard.txt' });
    expect(read).toEqual({
      isError: true,
      code: 'denied',
      text: 'hard.txt has 2 hard links: the same file also has another name, perhaps outside the allowed folders, and no check can tell where, so the file tools neither read nor change it. A copy of it without links (cp) can be read.',
    });
    expect((await run.call('write', { path: 'hard.txt', content: 'x\n' })).isError).toBe(true);
    for (const engine of ['ripgrep', 'node'] as const) {
      useGrepEngine(engine);
      const found = await cell.run().call('grep', { pattern: 'NEEDLE', output_mode: 'content' });
      expect(found.text).not.toContain(SECRET);
      expect(found.text).toContain('plain.txt:1:inside NEEDLE, never swapped');
    }
    expect(untouched()).toBe(true);
  });
});
