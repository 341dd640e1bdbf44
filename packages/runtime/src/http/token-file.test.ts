import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storedToken, TOKEN_FILE } from './token-file.js';

const folder = () => mkdtempSync(join(tmpdir(), 'wesgine-token-'));

describe('storedToken', () => {
  it('makes a random URL-safe token in a file of mode 0600, and reads the same one next time', () => {
    const dataDir = folder();
    const first = storedToken(dataDir);
    expect(first.file).toBe(join(dataDir, TOKEN_FILE));
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(lstatSync(first.file).mode & 0o777).toBe(0o600);
    expect(readFileSync(first.file, 'utf8')).toBe(`${first.token}\n`);
    expect(storedToken(dataDir)).toEqual(first);
    expect(storedToken(folder()).token).not.toBe(first.token);
    // No draft is left behind.
    expect(readdirSync(dataDir)).toEqual([TOKEN_FILE]);
  });

  it('keeps a token a person wrote into the file', () => {
    const dataDir = folder();
    writeFileSync(join(dataDir, TOKEN_FILE), 'chosen-by-me\n', { mode: 0o600 });
    expect(storedToken(dataDir).token).toBe('chosen-by-me');
  });

  it.each([0o644, 0o640, 0o604, 0o660, 0o666])('refuses a file of mode %s and leaves it as it is', (mode) => {
    const dataDir = folder();
    const file = join(dataDir, TOKEN_FILE);
    writeFileSync(file, 'leaked\n');
    chmodSync(file, mode);
    expect(() => storedToken(dataDir)).toThrow(
      `the token file ${file} is open to other users (mode 0${mode.toString(8)}), who may know the token; ` +
        'delete it to get a new one on the next start, or run chmod 600 on it if nobody else could have read it',
    );
    expect(lstatSync(file).mode & 0o777).toBe(mode);
    expect(readFileSync(file, 'utf8')).toBe('leaked\n');
  });

  it.runIf(process.getuid?.() === 0)('refuses a file that belongs to another user', () => {
    const dataDir = folder();
    const file = join(dataDir, TOKEN_FILE);
    writeFileSync(file, 'planted\n', { mode: 0o600 });
    chownSync(file, 65534, 65534);
    expect(() => storedToken(dataDir)).toThrow(
      `the token file ${file} belongs to another user (uid 65534), who may know or have chosen the token; delete it to get a new one`,
    );
  });

  it('refuses a link, a folder and a file without a token', () => {
    const dataDir = folder();
    const file = join(dataDir, TOKEN_FILE);
    const elsewhere = join(folder(), 'planted');
    writeFileSync(elsewhere, 'planted-token\n', { mode: 0o600 });
    symlinkSync(elsewhere, file);
    expect(() => storedToken(dataDir)).toThrow(
      `the token file ${file} is a symbolic link; delete it to get a new token`,
    );
    const other = folder();
    writeFileSync(join(other, TOKEN_FILE), '\n', { mode: 0o600 });
    expect(() => storedToken(other)).toThrow(
      `the token file ${join(other, TOKEN_FILE)} does not hold a token (visible ASCII without spaces); delete it to get a new one`,
    );
  });
});
