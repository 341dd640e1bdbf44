// The inside end of a sandboxed program's only way out: a small Node program that listens on a proxy
// port in the sandbox's own network namespace, forwards every connection to a Unix socket bound in
// from the host, and runs the real program (passing on the descriptors it was given).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The proxy inside the sandbox (its own network namespace: nothing else listens there). */
export const INSIDE_PROXY_PORT = 3128;
export const INSIDE_PROXY = `http://127.0.0.1:${INSIDE_PROXY_PORT}`;

const SOURCE = `import { connect, createServer } from 'node:net';
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
const [port, socketPath, descriptors, , program, ...args] = process.argv.slice(2);
const server = createServer((inside) => {
  const outside = connect(socketPath);
  inside.on('error', () => outside.destroy());
  outside.on('error', () => inside.destroy());
  inside.pipe(outside);
  outside.pipe(inside);
});
server.listen(Number(port), '127.0.0.1', () => {
  const stdio = Array.from({ length: Number(descriptors) }, (_, fd) => fd);
  const child = spawn(program, args, { stdio });
  child.on('error', (error) => {
    process.stderr.write(program + ': ' + error.message + '\\n');
    process.exit(127);
  });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
});
`;

let written: string | undefined;

/** The bridge's file, written once per process into a private folder. */
export function proxyBridgeFile(): string {
  if (written === undefined) {
    const folder = mkdtempSync(join(tmpdir(), 'wesgine-bridge-'));
    const file = join(folder, 'bridge.mjs');
    writeFileSync(file, SOURCE, { mode: 0o644 });
    written = file;
  }
  return written;
}

/** The argv that runs `argv` behind the bridge to `socketPath`, passing on `descriptors` fds. */
export function behindBridge(argv: readonly string[], socketPath: string, descriptors: number): string[] {
  return [
    process.execPath,
    proxyBridgeFile(),
    String(INSIDE_PROXY_PORT),
    socketPath,
    String(descriptors),
    '--',
    ...argv,
  ];
}
