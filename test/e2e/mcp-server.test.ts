import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';

// Requirement: the official SDK client lists and calls the tools of a pack served with
// `wesgine-tools serve --mcp`, a real child process, over stdio and over Streamable HTTP, including an
// approval answered through elicitation and one refused for a client that cannot elicit.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = join(ROOT, 'test/e2e/fixtures/wesgine-tools-source.ts');
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const PACK = join(ROOT, 'test/example-pack');
const NODE_ARGS = ['--conditions=@wesgine/source', '--import', TSX, CLI];

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function notesFolder(): string {
  const folder = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-mcp-serve-')));
  mkdirSync(join(folder, 'ideas'));
  writeFileSync(join(folder, 'ideas', 'garden.md'), 'tomatoes\nbeans\n');
  cleanup.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/** The CLI over stdio, with the SDK client attached. */
async function stdioClient(cwd: string, capabilities: Record<string, unknown>, extra: string[] = []) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...NODE_ARGS, 'serve', '--mcp', '--pack', PACK, ...extra],
    cwd,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const client = new Client({ name: 'e2e-client', version: '1.0.0' }, { capabilities });
  await client.connect(transport);
  cleanup.push(() => client.close());
  return { client, transport, stderr: () => stderr };
}

describe('wesgine-tools serve --mcp', () => {
  it('serves a pack over stdio: list, call, structured results, an approval by elicitation', async () => {
    const cwd = notesFolder();
    const { client, transport } = await stdioClient(cwd, { elicitation: {} });
    expect(client.getServerVersion()?.name).toBe('wesgine-tools');
    expect(client.getInstructions()).toBe(`Tools of @wesgine/example-pack@0.1.0, working in ${cwd}.`);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => [tool.name, tool.annotations])).toEqual([
      ['notes.clip', expect.objectContaining({ readOnlyHint: false })],
      ['notes.read', { readOnlyHint: true }],
      ['notes.search', expect.objectContaining({ readOnlyHint: true })],
      ['notes.write', { readOnlyHint: false, destructiveHint: true }],
    ]);
    expect(tools.find((tool) => tool.name === 'notes.read')?.outputSchema).toMatchObject({
      type: 'object',
      required: ['path', 'totalLines', 'text'],
    });

    const read = await client.callTool({ name: 'notes.read', arguments: { path: 'ideas/garden.md' } });
    expect(read.isError).toBeUndefined();
    expect(read.structuredContent).toMatchObject({ path: 'ideas/garden.md', totalLines: 2 });

    const outside = await client.callTool({ name: 'notes.read', arguments: { path: '../../etc/passwd' } });
    expect(outside.isError).toBe(true);
    expect(outside._meta).toEqual({ 'wesgine/code': 'path_not_allowed' });

    // The default zone asks before any change: the client's user approves through elicitation.
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push((request.params as { message: string }).message);
      return { action: 'accept', content: { decision: 'approve' } };
    });
    const written = await client.callTool({
      name: 'notes.write',
      arguments: { path: 'inbox/today.md', text: '- seeds\n', mode: 'create' },
    });
    expect(written.isError).toBeUndefined();
    expect(written.structuredContent).toEqual({ path: 'inbox/today.md', bytes: 8, created: true });
    expect(readFileSync(join(cwd, 'inbox/today.md'), 'utf8')).toBe('- seeds\n');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^notes\.write needs your approval\. /);

    // The child goes when the client closes its stdin.
    const child = (transport as unknown as { _process?: ChildProcess })._process;
    const exited = new Promise<number | null>((done) => child?.once('exit', (code) => done(code)));
    await client.close();
    expect(await exited).toBe(0);
  }, 60_000);

  it('refuses a change clearly for a client without elicitation, and serves the built-ins when asked', async () => {
    const cwd = notesFolder();
    const { client } = await stdioClient(cwd, {}, ['--builtins']);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['read', 'grep', 'notes.read', 'notes.write']));
    const refused = await client.callTool({
      name: 'notes.write',
      arguments: { path: 'inbox/today.md', text: '- seeds\n', mode: 'create' },
    });
    expect(refused).toEqual({
      content: [
        {
          type: 'text',
          text: 'The approval could not be asked: nobody can approve this call: the MCP client "e2e-client" did not declare the elicitation capability, so its user cannot be asked',
        },
      ],
      isError: true,
      _meta: { 'wesgine/code': 'denied' },
    });
    const read = await client.callTool({ name: 'read', arguments: { path: 'ideas/garden.md' } });
    expect(read.isError).toBeUndefined();
    expect(JSON.stringify(read.content)).toContain('tomatoes');
  }, 60_000);

  it('serves over Streamable HTTP with a token, and stops on SIGTERM', async () => {
    const cwd = notesFolder();
    const token = 'e2e-token-0123456789';
    const child = spawn(process.execPath, [...NODE_ARGS, 'serve', '--mcp', '--pack', PACK, '--http', '0'], {
      cwd,
      env: { ...process.env, WESGINE_MCP_TOKEN: token },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    cleanup.push(async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    });
    const url = await new Promise<string>((done, fail) => {
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
        const found = /MCP server at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
        if (found?.[1] !== undefined) done(found[1]);
      });
      child.once('exit', () => fail(new Error(`the server ended before it listened:\n${stderr}`)));
    });
    const refused = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(refused.status).toBe(401);
    const client = new Client({ name: 'http-client', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['notes.clip', 'notes.read', 'notes.search', 'notes.write']);
    const read = await client.callTool({ name: 'notes.read', arguments: { path: 'ideas/garden.md' } });
    expect(read.structuredContent).toMatchObject({ path: 'ideas/garden.md', totalLines: 2 });
    await client.close();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});
