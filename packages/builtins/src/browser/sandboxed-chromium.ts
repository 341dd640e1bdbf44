// Chromium inside the OS sandbox: a network namespace of its own whose only way out is the runtime's
// proxy bridge to the host's dispatcher socket, so no connection of a page (WebRTC's UDP included) can
// go anywhere but through a call's guard proxy. Playwright starts the browser through a wrapper
// script, talking to it over the pipes it hands down.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ProxyDispatcher, sandboxedProgram, startProxyDispatcher } from '@wesgine/runtime';

export interface SandboxedChromium {
  /** The program Playwright starts. */
  readonly executablePath: string;
  readonly dispatcher: ProxyDispatcher;
  /** Stops the dispatcher and deletes the wrapper's folder. */
  close(): Promise<void>;
}

export async function prepareSandboxedChromium(chromium: string): Promise<SandboxedChromium> {
  const folder = mkdtempSync(join(tmpdir(), 'wesgine-browser-'));
  chmodSync(folder, 0o700);
  try {
    const socketPath = join(folder, 'proxy.sock');
    // First the command line: it refuses when the sandbox cannot start, before anything listens.
    const { command, args } = sandboxedProgram({
      tool: 'browser_navigate',
      argv: [chromium],
      proxySocket: socketPath,
      // Playwright talks to Chromium over descriptors 3 and 4.
      descriptors: 5,
      readPaths: ['/var/cache/fontconfig'],
    });
    const wrapper = join(folder, 'chromium');
    const line = [command, ...args].map(shellQuote).join(' ');
    writeFileSync(wrapper, `#!/bin/sh\nexec ${line} "$@"\n`, { mode: 0o700 });
    const dispatcher = await startProxyDispatcher(socketPath);
    return {
      executablePath: wrapper,
      dispatcher,
      async close() {
        await dispatcher.close();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
