import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDataFolder } from './data-folder-lock.js';
import { startPlayground } from './start-playground.js';

const parent = mkdtempSync(join(tmpdir(), 'wesgine-lock-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(parent, { recursive: true, force: true });
});

/** A live process of another program: it stands for a playground already running on a folder. */
function otherProcess(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  children.push(child);
  if (child.pid === undefined) throw new Error('no child process');
  return child.pid;
}

function folderHeldBy(name: string, pid: number | string): string {
  const folder = join(parent, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, LOCK_FILE), `${pid}\n`);
  return folder;
}

describe('lockDataFolder', () => {
  it('refuses a folder another live process holds, with a sentence, and changes nothing', async () => {
    const pid = otherProcess();
    const folder = folderHeldBy('held', pid);
    const said = `the data folder ${folder} is in use by another playground (process ${pid}); stop it first, or choose another folder with WESGINE_PLAYGROUND_DATA`;
    expect(() => lockDataFolder(folder)).toThrow(new Error(said));
    await expect(startPlayground({ dataDir: folder, port: 0 })).rejects.toThrow(new Error(said));
    expect(existsSync(join(folder, 'workspace'))).toBe(false);
    expect(readFileSync(join(folder, LOCK_FILE), 'utf8')).toBe(`${pid}\n`);
  });

  it('takes over a lock left by a process that is gone, or that holds no pid', () => {
    const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    const pid = gone.pid ?? 0;
    return new Promise<void>((resolve) => {
      gone.once('exit', () => {
        for (const [name, holder] of [
          ['stale', pid],
          ['junk', 'not a pid'],
        ] as const) {
          const folder = folderHeldBy(name, holder);
          const unlock = lockDataFolder(folder);
          expect(readFileSync(join(folder, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
          unlock();
          expect(existsSync(join(folder, LOCK_FILE))).toBe(false);
        }
        resolve();
      });
    });
  });

  it('lets this process start two on one folder, and keeps the lock until both are gone', () => {
    const folder = join(parent, 'twice');
    mkdirSync(folder);
    const first = lockDataFolder(folder);
    const second = lockDataFolder(folder);
    first();
    first();
    expect(existsSync(join(folder, LOCK_FILE))).toBe(true);
    second();
    expect(existsSync(join(folder, LOCK_FILE))).toBe(false);
  });
});
