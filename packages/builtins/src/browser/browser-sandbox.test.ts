// Issue 9, class 10: the browser's side doors. Chromium runs in the OS sandbox, in a network namespace
// whose only way out is the calls' guard proxies, so a page allowed by the zone cannot send WebRTC's UDP
// anywhere; and a navigation the page starts itself that governance refuses is a refusal, not a page.
import { createSocket, type Socket } from 'node:dgram';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createEngine, type Run, type ToolResult } from '@wesgine/runtime';
import { describe, expect, it } from 'vitest';
import { builtins } from '../index.js';
import { builtinRun, dirs, useSites } from './browser.test.fixture.js';
import { findChromium } from './chromium-path.js';
import { closeBrowsers } from './shared-browser.js';

const state = useSites();

/** The parent of a process, from /proc. */
function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** The network namespaces of the Chromium processes this test process started. */
function chromiumNetworks(): string[] {
  const found = new Set<string>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const command = readFileSync(`/proc/${name}/cmdline`, 'latin1');
      if (!/chrom/i.test(command.split('\0')[0] ?? '')) continue;
      let ancestor = Number(name);
      while (ancestor > 1 && ancestor !== process.pid) ancestor = parentOf(ancestor);
      if (ancestor === process.pid) found.add(readlinkSync(`/proc/${name}/ns/net`));
    } catch {
      // gone
    }
  }
  return [...found];
}

/** UDP packets that reach 127.0.0.1 and 127.0.0.2 while the WebRTC page is open in `run`. */
async function webrtcPackets(run: Run): Promise<{ result: ToolResult; packets: string[] }> {
  const packets: string[] = [];
  const bind = (host: string, port: number) =>
    new Promise<Socket>((resolve) => {
      const socket = createSocket('udp4');
      socket.on('message', (_message, from) => packets.push(`${host} from ${from.address}`));
      socket.bind(port, host, () => resolve(socket));
    });
  const first = await bind('127.0.0.1', 0);
  const port = first.address().port;
  const sockets = [first, await bind('127.0.0.2', port)];
  try {
    const result = await run.call('browser_navigate', {
      url: `${state.sites.site.origin}/webrtc?port=${port}`,
      wait_until: 'networkidle',
    });
    await delay(1_000);
    return { result, packets };
  } finally {
    for (const socket of sockets) socket.close();
  }
}

describe('browser_navigate: the browser in the OS sandbox', () => {
  it('runs Chromium in a network namespace of its own', async () => {
    const result = await builtinRun().run.call('browser_navigate', { url: `${state.sites.site.origin}/article` });
    expect(result.isError).toBe(false);
    const networks = chromiumNetworks();
    expect(networks.length).toBeGreaterThan(0);
    expect(networks).not.toContain(readlinkSync('/proc/self/ns/net'));
  });

  it('a page allowed by the zone sends no WebRTC packet to any address (the control, sandbox off, does)', async () => {
    const sandboxed = await webrtcPackets(builtinRun().run);
    expect(sandboxed.result.isError).toBe(false);
    expect(sandboxed.result.text).toContain('Calling.');
    expect(sandboxed.packets).toEqual([]);
    const cell = createEngine({ tools: builtins }).createCell({
      ...dirs(),
      network: { allowHosts: ['127.0.0.1'] },
      sandbox: 'off',
    });
    const plain = await webrtcPackets(cell.run());
    expect(plain.packets.length).toBeGreaterThan(0);
  });

  it('a navigation the page starts itself and governance refuses is denied, by script or by refresh', async () => {
    for (const path of ['/script-to-secret', '/refresh-to-secret']) {
      const url = `${state.sites.site.origin}${path}`;
      const result = await builtinRun().run.call('browser_navigate', { url, wait_until: 'networkidle' });
      expect(result).toEqual({
        isError: true,
        code: 'denied',
        text: `${url} loaded, then the page went to ${state.sites.secret.origin}/data on its own, which was refused: The address 127.0.0.2 is a loopback address; private, loopback and link-local addresses cannot be fetched. Nothing from that address was loaded.`,
      });
    }
    expect(state.sites.secret.seen).toEqual([]);
  });

  it('refuses, naming the package, when the sandbox cannot start', async () => {
    await closeBrowsers();
    // A PATH with the browser and without bwrap.
    const bin = mkdtempSync(join(tmpdir(), 'wesgine-path-'));
    symlinkSync(findChromium().path ?? '', join(bin, 'chromium'));
    const saved = process.env.PATH;
    process.env.PATH = bin;
    try {
      const result = await builtinRun().run.call('browser_navigate', { url: `${state.sites.site.origin}/article` });
      expect(result).toEqual({
        isError: true,
        code: 'unavailable',
        text: "browser_navigate runs programs only inside the OS sandbox, and it cannot start here: bubblewrap (bwrap) is not on the PATH. Install the Debian package 'bubblewrap' (apt-get install bubblewrap), or create the cell with sandbox: 'off' to run programs without it.",
      });
    } finally {
      process.env.PATH = saved;
    }
  });
});
