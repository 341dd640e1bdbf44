// Chromium inside the OS sandbox: a network namespace of its own whose only way out is a proxy port
// that a small bridge inside forwards to the host's dispatcher socket, so no connection of a page
// (WebRTC's UDP included) can go anywhere but through a call's guard proxy. Playwright starts the
// browser through a wrapper script, talking to it over the pipes it hands down.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sandboxedProgram } from '@wesgine/runtime';
import { type ProxyDispatcher, startProxyDispatcher } from './proxy-dispatcher.js';

/** The proxy port inside the browser's sandbox (its own network namespace: nothing else listens there). */
export const INSIDE_PROXY = 'http://127.0.0.1:3128';

/**
 * Runs inside the sandbox: listens on the inside proxy port, forwards every connection to the
 * dispatcher socket, and runs the browser with the pipes Playwright gave (fds 3 and 4).
 */
const BRIDGE = `import { connect, createServer } from 'node:net';
import { spawn } from 'node:child_process';
const [port, socketPath, , program, ...args] = process.argv.slice(2);
const server = createServer((inside) => {
  const outside = connect(socketPath);
  inside.on('error', () => outside.destroy());
  outside.on('error', () => inside.destroy());
  inside.pipe(outside);
  outside.pipe(inside);
});
server.listen(Number(port), '127.0.0.1', () => {
  const browser = spawn(program, args, { stdio: [0, 1, 2, 3, 4] });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => browser.kill(signal));
  browser.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
});
`;

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
    const bridge = join(folder, 'bridge.mjs');
    writeFileSync(bridge, BRIDGE, { mode: 0o600 });
    const dispatcher = await startProxyDispatcher(socketPath);
    const port = new URL(INSIDE_PROXY).port;
    const { command, args } = sandboxedProgram({
      tool: 'browser_navigate',
      argv: [process.execPath, bridge, port, socketPath, '--', chromium],
      binds: [socketPath],
      readPaths: [folder, dirname(process.execPath), '/var/cache/fontconfig'],
    });
    const wrapper = join(folder, 'chromium');
    const line = [command, ...args].map(shellQuote).join(' ');
    writeFileSync(wrapper, `#!/bin/sh\nexec ${line} "$@"\n`, { mode: 0o700 });
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
