import { describe, expect, it } from 'vitest';
import { main } from './main.js';

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    cwd: '/nonexistent-wesgine',
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('wesgine-tools import: mistakes are one line and exit 2, and nothing is written', () => {
  it.each([
    [['import'], 'import needs what to import: wesgine-tools import mcp -- <command...>'],
    [['import', 'openapi'], "cannot import 'openapi': only mcp is known (wesgine-tools import mcp -- <command...>)"],
    [['import', 'mcp'], 'import mcp needs a server: -- <command...> to start one, --url <address>, or --update <file>'],
    [
      ['import', 'mcp', '--url', 'http://x', '--', 'node'],
      'import mcp takes one server: a command after --, --url, or --update, not several',
    ],
    [
      ['import', 'mcp', '--update', 'a', '--name', 'b'],
      "--name does not apply with --update: the file's record says it",
    ],
    [['import', 'mcp', '--pack', 'p', '--', 'node'], '--pack does not apply to import'],
    [['import', 'mcp', '--header', 'A: b', '--', 'node'], '--header applies to an HTTP server, given with --url'],
    [['import', 'mcp', '--url', 'http://x', '--header', 'no colon'], "--header takes 'Name: value', got 'no colon'"],
    [
      ['import', 'mcp', '--url', 'http://x', '--header', 'A: 1', '--header', 'a: 2'],
      '--header names a twice; give each header once',
    ],
    [['import', 'mcp', '--name', 'a', '--name', 'b', '--', 'node'], '--name is given twice; give it once'],
    [['gen', '--url', 'http://x'], '--url does not apply to gen'],
  ])('%j', async (argv, message) => {
    expect(await run(...argv)).toEqual({ code: 2, out: '', err: `wesgine-tools: ${message}` });
  });

  it.each([
    [
      ['--name', '9lives'],
      "the server name '9lives' must start with a letter and hold only letters, digits, '_' and '-' (at most 64)",
    ],
    [['--prefix', 'a b'], "the prefix 'a b' may hold only letters, digits, '.', '_' and '-'"],
    [['--url', 'not a url'], "'not a url' is not a URL; give the server's address, such as http://127.0.0.1:3001/mcp"],
    [
      ['--url', 'file:///etc/passwd'],
      "'file:///etc/passwd' is not an http or https address; a stdio server is imported with -- <command...>",
    ],
  ])('refuses bad options %j before reaching any server', async (flags, message) => {
    const command = flags[0] === '--url' ? [] : ['--', 'node', 'server.js'];
    expect(await run('import', 'mcp', ...flags, ...command)).toEqual({
      code: 1,
      out: '',
      err: `error: generated: ${message}`,
    });
  });

  it('says when the folder to start the server in does not exist', async () => {
    expect(await run('import', 'mcp', '--name', 'x', '--', 'node', 'server.js')).toEqual({
      code: 1,
      out: '',
      err: 'error: generated/x.mcp.gen.ts: the MCP server started with `node server.js` could not start: its folder /nonexistent-wesgine does not exist',
    });
  });
});
