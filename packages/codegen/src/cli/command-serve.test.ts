import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from './main.js';

async function run(...argv: string[]) {
  const err: string[] = [];
  const cwd = mkdtempSync(join(tmpdir(), 'wesgine-serve-'));
  const code = await main(argv, { cwd, out: () => {}, err: (line) => err.push(line) });
  return { code, err: err.join('\n'), cwd };
}

describe('wesgine-tools serve', () => {
  it('needs --mcp', async () => {
    expect(await run('serve')).toMatchObject({
      code: 2,
      err: 'wesgine-tools: serve needs --mcp: wesgine-tools serve --mcp [--pack <dir>] [--builtins] [--http <port>]',
    });
  });

  it('takes a port number for --http and no arguments', async () => {
    expect((await run('serve', '--mcp', '--http', 'eighty')).err).toBe(
      'wesgine-tools: --http takes a port number from 0 to 65535, not eighty',
    );
    expect((await run('serve', '--mcp', 'extra')).err).toBe('wesgine-tools: serve takes no arguments, got: extra');
  });

  it('says there is no pack to serve, and takes no options of other commands', async () => {
    const { code, err, cwd } = await run('serve', '--mcp');
    expect(code).toBe(2);
    expect(err).toContain(`wesgine-tools: no tool pack in ${cwd}`);
    expect((await run('serve', '--mcp', '--force')).err).toBe('wesgine-tools: --force does not apply to serve');
  });
});
