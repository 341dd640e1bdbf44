import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';

// `wesgine-tools serve --mcp` started wrong: each ends at once with one line a person can act on, the
// exit code of its kind, and no stack trace.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = join(ROOT, 'test/e2e/fixtures/wesgine-tools-source.ts');
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const PACK = join(ROOT, 'test/example-pack');

const cleanup: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function serve(cwd: string, args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--conditions=@wesgine/source', '--import', TSX, CLI, 'serve', '--mcp', ...args],
    { cwd, encoding: 'utf8', timeout: 30_000, input: '' },
  );
  return { code: result.status, stderr: result.stderr, stdout: result.stdout };
}

function folder(): string {
  const made = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-mcp-adv-cli-')));
  cleanup.push(() => rmSync(made, { recursive: true, force: true }));
  return made;
}

describe('wesgine-tools serve --mcp, started wrong', () => {
  it('names a missing pack, and a pack never generated', () => {
    const cwd = folder();
    const missing = serve(cwd, ['--pack', join(cwd, 'nowhere')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      `wesgine-tools: --pack ${join(cwd, 'nowhere')}: no package.json in ${join(cwd, 'nowhere')}; a tool pack is a folder with a package.json and a tools/ folder for its *.tool.ts definitions; make one with \`wesgine-tools init ${join(cwd, 'nowhere')}\`\n`,
    );
    mkdirSync(join(cwd, 'broken', 'tools'), { recursive: true });
    writeFileSync(join(cwd, 'broken', 'package.json'), '{"name":"broken","version":"1.0.0"}');
    const broken = serve(cwd, ['--pack', 'broken']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toBe('error: generated/handlers.gen.ts: is missing: run `wesgine-tools gen` first\n');
    for (const run of [missing, broken]) expect(run.stdout).toBe('');
  }, 60_000);

  it('says the port is taken, in one line', async () => {
    const taken: Server = createServer();
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
    cleanup.push(() => new Promise<void>((done) => taken.close(() => done())));
    const port = (taken.address() as { port: number }).port;
    const result = serve(folder(), ['--pack', PACK, '--http', String(port)]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `wesgine-tools: --http ${port}: another program listens on that port; pick another, or 0 for any free one\n`,
    );
  }, 60_000);
});

describe('wesgine-tools serve --mcp over stdio, flooded', () => {
  it('ends the session with a line on stderr when a message outgrows the buffer, and exits', async () => {
    const child = spawn(
      process.execPath,
      ['--conditions=@wesgine/source', '--import', TSX, CLI, 'serve', '--mcp', '--builtins'],
      { cwd: folder(), stdio: ['pipe', 'pipe', 'pipe'] },
    );
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    cleanup.push(async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stdin.on('error', () => {});
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'flood', version: '1' } } })}\n`,
    );
    child.stdin.write(`{"jsonrpc":"2.0","id":2,"method":"ping","params":{"pad":"${'x'.repeat(11 * 1024 * 1024)}`);
    expect(await exited).toBe(0);
    expect(stderr).toContain('wesgine mcp: the client sent a message longer than 10 MiB; the session ends\n');
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(
      stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).id),
    ).toEqual([1]);
  }, 60_000);
});

describe('ask_user of the built-ins, served over stdio', () => {
  it('puts several questions with options to the client user as one form, and refuses an answer off the form', async () => {
    const cwd = folder();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--conditions=@wesgine/source', '--import', TSX, CLI, 'serve', '--mcp', '--builtins'],
      cwd,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'asker', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    await client.connect(transport);
    cleanup.push(() => client.close());
    const forms: { message: string; requestedSchema: { properties: Record<string, unknown> } }[] = [];
    // The default zone lets ask_user through unasked (the person answering is the approval): each
    // call is one form, its questions.
    const answers = [
      { action: 'accept', content: { answer_1: 'coffee', own_1: '', answer_2: ['milk', 'sugar'], own_2: '' } },
      { action: 'accept', content: { answer_1: 'wine', answer_2: ['milk'] } },
    ];
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      forms.push(request.params as never);
      return answers.shift() as never;
    });
    const questions = [
      { question: 'Which drink?', options: [{ label: 'tea' }, { label: 'coffee', description: 'the strong one' }] },
      { question: 'What in it?', options: [{ label: 'milk' }, { label: 'sugar' }], multiSelect: true },
    ];
    const answered = await client.callTool({ name: 'ask_user', arguments: { questions } });
    expect(answered.content).toEqual([
      {
        type: 'text',
        text: 'The user answered:\n1. Which drink?\n   Answer: coffee\n2. What in it?\n   Answer: milk; sugar',
      },
    ]);
    expect(forms[0]?.message).toBe('ask_user asks you 2 questions.');
    expect(forms[0]?.requestedSchema.properties).toMatchObject({
      answer_1: {
        type: 'string',
        title: 'Which drink?',
        description: 'coffee: the strong one',
        enum: ['tea', 'coffee'],
      },
      answer_2: { type: 'array', items: { type: 'string', enum: ['milk', 'sugar'] } },
    });
    const unfit = await client.callTool({
      name: 'ask_user',
      arguments: { questions: [questions[0], { ...questions[1], question: 'Anything in it?' }] },
    });
    expect(unfit).toMatchObject({
      isError: true,
      content: [
        {
          type: 'text',
          text: 'the MCP client answered with something the form does not allow; go on with your best judgement',
        },
      ],
    });
    expect(forms).toHaveLength(2);
  }, 60_000);
});
