// Issue 11: a stdio MCP server runs inside the cell's OS sandbox. The real, unmodified
// `@modelcontextprotocol/server-filesystem` is started through launchServer and driven with the
// official SDK client. It is told it may use the whole disk (`/`), so only the sandbox stands between
// it and the host: inside the roots it lists, reads and writes; outside them, in a denied path, the
// host's secrets and the home folder it finds nothing and changes nothing. The same server started
// without the sandbox reads the outside file, which proves the setup would see a leak.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createEngine } from '@wesgine/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchServer } from '../../packages/runtime/src/sandbox/launch-server.js';
import { fingerprint } from '../security/effects.fixture.js';

const SERVER = fileURLToPath(new URL('../../node_modules/.bin/mcp-server-filesystem', import.meta.url));
const OUTSIDE_SECRET = 'OUTSIDE-5e1d';
const DENIED_SECRET = 'DENIED-77ab';
const KEY_SECRET = 'KEY-90f2';

let root: string;
let work: string;
let outside: string;
let home: string;
const savedHome = process.env.HOME;

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-mcp-fs-')));
  work = join(root, 'work');
  outside = join(root, 'outside');
  home = join(root, 'home');
  mkdirSync(join(work, 'denied'), { recursive: true });
  mkdirSync(outside);
  mkdirSync(join(home, '.ssh'), { recursive: true });
  writeFileSync(join(work, 'notes.txt'), 'inside notes\n');
  writeFileSync(join(work, 'denied', 'token.txt'), `${DENIED_SECRET}\n`);
  writeFileSync(join(outside, 'outside.txt'), `${OUTSIDE_SECRET}\n`);
  writeFileSync(join(home, '.ssh', 'id_rsa'), `${KEY_SECRET}\n`);
  // The sandbox covers the home folder of the runtime's process: this one, with a key in it.
  process.env.HOME = home;
});
afterAll(() => {
  process.env.HOME = savedHome;
  rmSync(root, { recursive: true, force: true });
});

/** Live processes running this worktree's filesystem server. */
function serverProcesses(): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${name}/cmdline`, 'latin1').split('\0').includes(SERVER)) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      if (!'ZX'.includes(stat.charAt(stat.lastIndexOf(')') + 2))) found.push(Number(name));
    } catch {
      // gone while we looked
    }
  }
  return found;
}

/** The filesystem server told to use `/`, started through launchServer, with an SDK client on it. */
async function connect(sandbox: boolean) {
  const cell = createEngine().createCell({ workDir: work, dataDir: join(root, 'data'), denyPaths: ['denied'] });
  const launched = await launchServer(cell, { sourceId: 'mcp:fs', argv: [SERVER, '/'], sandbox });
  const transport = new StdioClientTransport({
    command: launched.command,
    args: [...launched.args],
    env: { ...launched.env },
    cwd: launched.cwd,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'wesgine-e2e', version: '1.0.0' });
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as {
      content: { type: string; text?: string }[];
      isError?: boolean;
    };
    return { text: result.content.map((part) => part.text ?? '').join('\n'), isError: result.isError === true };
  };
  const close = async () => {
    await client.close();
    await launched.close();
    await cell.stop();
    // Nothing of the server is left (its path is this worktree's own: no other suite runs it).
    for (let tries = 0; serverProcesses().length > 0 && tries < 100; tries++) await delay(50);
    expect(serverProcesses()).toEqual([]);
  };
  return { launched, call, close, listTools: () => client.listTools() };
}

describe('e2e: server-filesystem in the OS sandbox', () => {
  it('without the sandbox, the server told to use / reads outside the roots (the control)', async () => {
    const server = await connect(false);
    try {
      expect(server.launched.sandboxed).toBe(false);
      const read = await server.call('read_text_file', { path: join(outside, 'outside.txt') });
      expect(read).toEqual({ text: `${OUTSIDE_SECRET}\n`, isError: false });
    } finally {
      await server.close();
    }
  }, 60_000);

  it('inside the roots it lists, reads and writes', async () => {
    const server = await connect(true);
    try {
      expect(server.launched.sandboxed).toBe(true);
      const tools = (await server.listTools()).tools.map((tool) => tool.name);
      expect(tools).toEqual(expect.arrayContaining(['read_text_file', 'write_file', 'list_directory']));
      expect(await server.call('list_allowed_directories', {})).toEqual({
        text: 'Allowed directories:\n/',
        isError: false,
      });
      expect(await server.call('list_directory', { path: work })).toEqual({
        // The denied folder is there, covered with an empty one.
        text: '[DIR] denied\n[FILE] notes.txt',
        isError: false,
      });
      expect(await server.call('read_text_file', { path: join(work, 'notes.txt') })).toEqual({
        text: 'inside notes\n',
        isError: false,
      });
      const wrote = await server.call('write_file', { path: join(work, 'made.txt'), content: 'from the server' });
      expect(wrote).toEqual({ text: `Successfully wrote to ${join(work, 'made.txt')}`, isError: false });
      expect(readFileSync(join(work, 'made.txt'), 'utf8')).toBe('from the server');
      // No network: the server lives in a network namespace of its own, with nothing but loopback.
      const pid = serverProcesses().find(
        (candidate) => readFileSync(`/proc/${candidate}/cmdline`, 'latin1').split('\0')[1] === SERVER,
      );
      expect(pid).toBeDefined();
      expect(readlinkSync(`/proc/${pid}/ns/net`)).not.toBe(readlinkSync('/proc/self/ns/net'));
      const interfaces = readFileSync(`/proc/${pid}/net/dev`, 'utf8')
        .split('\n')
        .slice(2)
        .map((line) => line.split(':')[0]?.trim())
        .filter((name) => name !== '');
      expect(interfaces).toEqual(['lo']);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('asked to read outside the roots, a denied path, the home folder or the host secrets, it finds nothing', async () => {
    const server = await connect(true);
    try {
      const outsideRead = await server.call('read_text_file', { path: join(outside, 'outside.txt') });
      expect(outsideRead.isError).toBe(true);
      expect(outsideRead.text).toMatch(/ENOENT: no such file or directory/);
      const denied = await server.call('read_text_file', { path: join(work, 'denied', 'token.txt') });
      expect(denied.isError).toBe(true);
      expect(denied.text).toMatch(/ENOENT: no such file or directory/);
      const key = await server.call('read_text_file', { path: join(home, '.ssh', 'id_rsa') });
      expect(key.isError).toBe(true);
      expect(key.text).toMatch(/ENOENT: no such file or directory/);
      const shadow = await server.call('read_text_file', { path: '/etc/shadow' });
      expect(shadow).toEqual({ text: "EACCES: permission denied, open '/etc/shadow'", isError: true });
      // What the server sees of the parent of the roots: the work folder, and the home folder (empty).
      expect(await server.call('list_directory', { path: root })).toEqual({
        text: '[DIR] home\n[DIR] work',
        isError: false,
      });
      expect(await server.call('list_directory', { path: home })).toEqual({ text: '', isError: false });
      const searched = await server.call('search_files', { path: root, pattern: '**/*.txt' });
      expect(searched.text).not.toMatch(/outside\.txt|token\.txt|id_rsa/);
      for (const text of [outsideRead.text, denied.text, key.text, searched.text]) {
        expect(text).not.toMatch(new RegExp(`${OUTSIDE_SECRET}|${DENIED_SECRET}|${KEY_SECRET}`));
      }
    } finally {
      await server.close();
    }
  }, 60_000);

  it('asked to write outside the roots or into a denied path, it changes nothing on the host', async () => {
    const before = fingerprint(outside) + fingerprint(home) + fingerprint(join(work, 'denied'));
    const server = await connect(true);
    try {
      const denied = await server.call('write_file', { path: join(work, 'denied', 'new.txt'), content: 'x' });
      expect(denied.isError).toBe(true);
      expect(denied.text).toMatch(/EROFS: read-only file system/);
      const system = await server.call('write_file', { path: '/etc/wesgine-planted', content: 'x' });
      expect(system.isError).toBe(true);
      expect(system.text).toMatch(/EROFS: read-only file system/);
      // It may make the folder and the file in its own throwaway /tmp: none of it reaches the host.
      await server.call('create_directory', { path: join(outside, 'planted') });
      await server.call('write_file', { path: join(outside, 'planted', 'file.txt'), content: 'x' });
      await server.call('write_file', { path: join(outside, 'outside.txt'), content: 'overwritten' });
      await server.call('write_file', { path: join(home, '.ssh', 'authorized_keys'), content: 'ssh-ed25519 AAAA' });
    } finally {
      await server.close();
    }
    expect(fingerprint(outside) + fingerprint(home) + fingerprint(join(work, 'denied'))).toBe(before);
    expect(readFileSync(join(outside, 'outside.txt'), 'utf8')).toBe(`${OUTSIDE_SECRET}\n`);
  }, 60_000);
});
