import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PORT } from './default-port.js';
import { packageFolder } from './package-folder.js';
import { DEFAULT_DATA_FOLDER, repositoryRoot, startSettings } from './start-settings.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const ROOT = resolve(packageFolder(), '..', '..');

describe('the settings of npm start', () => {
  it('defaults to port 4100 and .playground-data at the repository root', () => {
    expect(DEFAULT_PORT).toBe(4100);
    expect(startSettings({}, packageFolder())).toEqual({ port: 4100, dataDir: join(ROOT, DEFAULT_DATA_FOLDER) });
    expect(startSettings({ PORT: '', WESGINE_PLAYGROUND_DATA: ' ' }, packageFolder()).port).toBe(4100);
  });

  it('takes PORT (0 for any free one) and WESGINE_PLAYGROUND_DATA, relative to the current folder', () => {
    expect(startSettings({ PORT: '0', WESGINE_PLAYGROUND_DATA: 'some/data' }, packageFolder())).toEqual({
      port: 0,
      dataDir: resolve('some/data'),
    });
    expect(startSettings({ PORT: ' 8080 ' }, packageFolder()).port).toBe(8080);
    expect(startSettings({ PORT: '65535' }, packageFolder()).port).toBe(65_535);
  });

  it('refuses a PORT that is no port number, naming the value', () => {
    for (const value of ['eighty', '-1', '65536', '80.5', '1e3', '0x50', '80 81']) {
      expect(() => startSettings({ PORT: value }, packageFolder())).toThrow(
        `PORT must be a port number from 0 to 65535 (0 takes any free one), not ${JSON.stringify(value)}`,
      );
    }
  });

  it('finds the repository root by its workspaces, and says what to do where there is none', () => {
    const outside = mkdtempSync(join(tmpdir(), 'wesgine-start-settings-'));
    folders.push(outside);
    mkdirSync(join(outside, 'apps', 'one'), { recursive: true });
    writeFileSync(join(outside, 'apps', 'one', 'package.json'), '{"name":"one"}');
    expect(() => repositoryRoot(join(outside, 'apps', 'one'))).toThrow(
      `no repository root (a package.json with workspaces) above ${join(outside, 'apps', 'one')}; set WESGINE_PLAYGROUND_DATA to choose the data folder`,
    );
    writeFileSync(join(outside, 'package.json'), '{"workspaces":["apps/*"]}');
    expect(repositoryRoot(join(outside, 'apps', 'one'))).toBe(outside);
    expect(repositoryRoot(packageFolder())).toBe(ROOT);
  });
});
