// ripgrep is a child process like any other: it runs inside the cell's OS sandbox (the roots read-only,
// closed files covered). Where that cannot be, grep searches with its Node engine and answers the same.
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@wesgine/runtime';
import { type ToolSandbox, Type } from '@wesgine/schema';
import { afterEach, describe, expect, it } from 'vitest';
import { builtins } from '../index.js';
import { ripgrepPath, useGrepEngine } from './ripgrep-path.js';
import { runRipgrep } from './run-ripgrep.js';
import { translateRustRegex } from './rust-regex.js';

function cell() {
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-grep-sandbox-')));
  writeFileSync(join(work, 'a.txt'), 'needle one\n');
  mkdirSync(join(work, 'sub'));
  writeFileSync(join(work, 'sub', 'b.txt'), 'needle two\n');
  return createEngine({ tools: builtins }).createCell({ workDir: work });
}

async function withPath<T>(path: string, body: () => Promise<T>): Promise<T> {
  const saved = process.env.PATH;
  process.env.PATH = path;
  try {
    return await body();
  } finally {
    process.env.PATH = saved;
  }
}

describe('grep and the OS sandbox', () => {
  afterEach(() => useGrepEngine('auto'));

  it('ripgrep runs inside the sandbox, and the answer is the Node search answer', async () => {
    const target = cell();
    useGrepEngine('ripgrep');
    const sandboxed = await target.run().call('grep', { pattern: 'needle', output_mode: 'content' });
    expect(sandboxed.data).toMatchObject({ engine: 'ripgrep' });
    useGrepEngine('node');
    const node = await target.run().call('grep', { pattern: 'needle', output_mode: 'content' });
    expect(sandboxed.text).toBe(node.text);
  });

  it('without bubblewrap it searches with Node instead of failing', async () => {
    const target = cell();
    const rg = ripgrepPath();
    expect(rg).toBeDefined();
    const bin = mkdtempSync(join(tmpdir(), 'wesgine-rg-only-'));
    symlinkSync(rg ?? '', join(bin, 'rg'));
    const result = await withPath(bin, () => target.run().call('grep', { pattern: 'needle' }));
    expect(result).toMatchObject({ isError: false, data: { engine: 'node' } });
    expect(result.text).toContain('a.txt');
  });

  it('a ripgrep in a folder the sandbox does not show (under the home folder) gives way to the Node search', async () => {
    const target = cell();
    const home = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-rg-home-')));
    mkdirSync(join(home, 'bin'));
    symlinkSync(ripgrepPath() ?? '', join(home, 'bin', 'rg'));
    let sandbox: ToolSandbox | undefined;
    target.tools().register({
      name: 'hand_out',
      description: 'Hands out its sandbox.',
      parameters: Type.Object({}),
      meta: { readOnly: true },
      handler: (_args, context) => {
        sandbox = context.sandbox;
        return 'ok';
      },
    });
    const saved = process.env.HOME;
    process.env.HOME = home;
    try {
      await target.run().call('hand_out', {});
      const request = {
        base: target.spec.workDir,
        file: undefined,
        regex: translateRustRegex('needle', { ignoreCase: false, multiline: false }),
        ignoreCase: false,
        multiline: false,
        mode: 'files_with_matches' as const,
        before: 0,
        after: 0,
        globs: [],
        typeGlobs: undefined,
        deny: [],
        maxLines: 1000,
        signal: new AbortController().signal,
      };
      expect(await runRipgrep(join(home, 'bin', 'rg'), request, sandbox as ToolSandbox)).toBeUndefined();
      expect((await runRipgrep(ripgrepPath() ?? '', request, sandbox as ToolSandbox))?.hits.length).toBe(2);
    } finally {
      process.env.HOME = saved;
    }
  });
});
