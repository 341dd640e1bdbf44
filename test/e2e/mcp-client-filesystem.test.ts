// Issue 11: `@modelcontextprotocol/server-filesystem`, unmodified, proxied through a cell with
// `cell.mcps()`. It is told it may use the whole disk (`/`). Where its config marks an argument as a
// path, the cell's Sandbox stage refuses a path outside the roots before the server sees the call; where
// nothing is marked, the OS sandbox it runs in still shows it nothing outside the roots, even when the
// model asks it by absolute path. The same server with `sandbox: false` reads the outside file: the
// setup would see a leak.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Cell, createEngine } from '@wesgine/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('../../node_modules/.bin/mcp-server-filesystem', import.meta.url));
const SECRET = 'OUTSIDE-c0ffee';

let root: string;
let work: string;
let outsideFile: string;
let cell: Cell;

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-mcp-client-fs-')));
  work = join(root, 'work');
  mkdirSync(work);
  mkdirSync(join(root, 'outside'));
  writeFileSync(join(work, 'notes.txt'), 'inside notes\n');
  outsideFile = join(root, 'outside', 'secret.txt');
  writeFileSync(outsideFile, `${SECRET}\n`);
  cell = createEngine().createCell({ workDir: work, dataDir: join(root, 'data') });
  const marked = await cell.mcps().upsert({
    name: 'fs',
    transport: 'stdio',
    command: SERVER,
    args: ['/'],
    prefix: 'fs.',
    tools: ['read_text_file', 'write_file', 'list_directory'],
    paths: { read_text_file: { path: 'read' }, write_file: { path: 'write' }, list_directory: { path: 'read' } },
  });
  expect(marked).toMatchObject({ state: 'ready', sandboxed: true });
  // The same server with nothing marked and not told the cell's roots: only the OS sandbox judges what
  // it opens.
  await cell.mcps().upsert({
    name: 'bare',
    transport: 'stdio',
    command: SERVER,
    args: ['/'],
    prefix: 'bare.',
    roots: false,
  });
}, 60_000);
afterAll(async () => {
  await cell?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('a filesystem server through a cell', () => {
  it('lists, reads and writes inside the roots, relative paths resolved against the workDir', async () => {
    const run = cell.run();
    expect(await run.call('fs.read_text_file', { path: 'notes.txt' })).toEqual({
      isError: false,
      text: 'inside notes\n',
      data: { content: 'inside notes\n' },
    });
    expect((await run.call('fs.write_file', { path: 'made.txt', content: 'made here' })).isError).toBe(false);
    expect(readFileSync(join(work, 'made.txt'), 'utf8')).toBe('made here');
    expect((await run.call('fs.list_directory', { path: '.' })).text).toContain('[FILE] notes.txt');
  });

  it('refuses a marked path outside the roots before the server sees it', async () => {
    const answer = await cell.run().call('fs.read_text_file', { path: outsideFile });
    expect(answer).toMatchObject({ isError: true, code: 'path_not_allowed' });
    expect(cell.auditLog().at(-1)).toMatchObject({ tool: 'fs.read_text_file', stage: 'sandbox', sourceId: 'mcp:fs' });
  });

  it('cannot read outside the roots even when nothing is marked and the model asks by absolute path', async () => {
    const answer = await cell.run().call('bare.read_text_file', { path: outsideFile });
    expect(answer).toMatchObject({ isError: true, code: 'handler_failed' });
    expect(answer.text).not.toContain(SECRET);
    expect(answer.text).toMatch(/ENOENT|no such file/i);
    expect(cell.auditLog().at(-1)).toMatchObject({
      tool: 'bare.read_text_file',
      stage: 'handle',
      sourceId: 'mcp:bare',
    });
  });

  it('reads it with sandbox: false and no roots, which list() and the audit record', async () => {
    const loose = await cell.mcps().upsert({
      name: 'loose',
      transport: 'stdio',
      command: SERVER,
      args: ['/'],
      prefix: 'loose.',
      tools: ['read_text_file'],
      sandbox: false,
      roots: false,
    });
    expect(loose).toMatchObject({ state: 'ready', sandboxed: false });
    expect((await cell.run().call('loose.read_text_file', { path: outsideFile })).text).toBe(`${SECRET}\n`);
    expect(cell.auditLog().at(-1)).toMatchObject({ tool: 'loose.read_text_file', sandbox: 'off', outcome: 'ok' });
  });

  it("tells a server the cell's roots, so one outside the sandbox that honours them keeps to them", async () => {
    await cell.mcps().upsert({
      name: 'rooted',
      transport: 'stdio',
      command: SERVER,
      args: ['/'],
      prefix: 'rooted.',
      tools: ['read_text_file', 'list_allowed_directories'],
      sandbox: false,
    });
    const run = cell.run();
    // The server asks for the roots right after it is initialised; wait until it has taken them.
    for (let tries = 0; tries < 100; tries++) {
      if (!(await run.call('rooted.list_allowed_directories', {})).text.includes('\n/\n')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await cell.run().call('rooted.list_allowed_directories', {})).text).toBe(`Allowed directories:\n${work}`);
    const answer = await cell.run().call('rooted.read_text_file', { path: outsideFile });
    expect(answer).toMatchObject({ isError: true, code: 'handler_failed' });
    expect(answer.text).toMatch(/Access denied - path outside allowed directories/);
    expect((await cell.run().call('rooted.read_text_file', { path: join(work, 'notes.txt') })).text).toBe(
      'inside notes\n',
    );
  });
});
