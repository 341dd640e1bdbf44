import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findChromium } from './chromium-path.js';

function folderWith(files: Record<string, number>): string {
  const folder = mkdtempSync(join(tmpdir(), 'wesgine-chromium-'));
  for (const [name, mode] of Object.entries(files)) {
    writeFileSync(join(folder, name), '#!/bin/sh\n');
    chmodSync(join(folder, name), mode);
  }
  return folder;
}

describe('findChromium', () => {
  it('takes WESGINE_CHROMIUM_PATH when it is an executable file', () => {
    const folder = folderWith({ 'my-chrome': 0o755, 'not-executable': 0o644 });
    expect(findChromium({ WESGINE_CHROMIUM_PATH: join(folder, 'my-chrome'), PATH: '' })).toEqual({
      path: join(folder, 'my-chrome'),
    });
    expect(findChromium({ WESGINE_CHROMIUM_PATH: join(folder, 'not-executable') })).toMatchObject({
      path: undefined,
      problem: expect.stringMatching(/^WESGINE_CHROMIUM_PATH is .*not-executable, which is not an executable file\./),
    });
    expect(findChromium({ WESGINE_CHROMIUM_PATH: folder })).toMatchObject({ path: undefined });
    expect(findChromium({ WESGINE_CHROMIUM_PATH: 'chromium' })).toEqual({
      path: undefined,
      problem:
        'WESGINE_CHROMIUM_PATH is "chromium", not an absolute path. Install Chromium (for example `apt-get install chromium`) or Google Chrome, or set WESGINE_CHROMIUM_PATH to its executable.',
    });
  });

  it('looks on PATH for the known names in order, skipping relative folders and non-executables', () => {
    const first = folderWith({ chromium: 0o644, 'google-chrome': 0o755 });
    const second = folderWith({ 'chromium-browser': 0o755 });
    expect(findChromium({ PATH: ['relative', first, second].join(':') })).toEqual({
      path: join(second, 'chromium-browser'),
    });
    expect(findChromium({ PATH: first })).toEqual({ path: join(first, 'google-chrome') });
  });

  it('says how to install or configure one when none is found', () => {
    expect(findChromium({ PATH: folderWith({}) })).toEqual({
      path: undefined,
      problem:
        'No Chromium or Chrome was found on PATH (looked for chromium, chromium-browser, google-chrome, google-chrome-stable). Install Chromium (for example `apt-get install chromium`) or Google Chrome, or set WESGINE_CHROMIUM_PATH to its executable.',
    });
  });
});
