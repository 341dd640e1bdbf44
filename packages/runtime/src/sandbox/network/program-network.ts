// A sandboxed program's way to the network, for a tool the Zone allows some host: a guard proxy on a
// Unix socket that is bound into the sandbox, reached through the bridge at `INSIDE_PROXY`, and the
// environment that points the program's HTTP clients at it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startGuardProxy } from './guard-proxy.js';
import { INSIDE_PROXY, proxyBridgeFile } from './proxy-bridge.js';
import { requestGate } from './request-gate.js';

export interface ProgramNetwork {
  readonly socketPath: string;
  /** Folders the bridge needs inside: its file's and Node's. */
  readonly readPaths: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  close(): Promise<void>;
}

export async function startProgramNetwork(
  checkUrl: (url: string) => Promise<string | undefined>,
): Promise<ProgramNetwork> {
  const folder = mkdtempSync(join(tmpdir(), 'wesgine-net-'));
  const socketPath = join(folder, 'proxy.sock');
  const proxy = await startGuardProxy(requestGate(checkUrl), socketPath);
  return {
    socketPath,
    readPaths: [dirname(proxyBridgeFile()), dirname(process.execPath)],
    env: {
      HTTP_PROXY: INSIDE_PROXY,
      HTTPS_PROXY: INSIDE_PROXY,
      http_proxy: INSIDE_PROXY,
      https_proxy: INSIDE_PROXY,
      NO_PROXY: '',
      no_proxy: '',
    },
    close: async () => {
      await proxy.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
