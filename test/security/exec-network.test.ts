// Issue 9, class 1 (network): a sandboxed program has no network unless the Zone allows its tool a host,
// and then only through a guard proxy that judges every connection (scheme, private addresses after DNS,
// the Zone's domains) and connects to the judged address only. Proven against servers on loopback: the
// one allowed is reached, the other never sees a request, whatever the program tries.
import { mkdtempSync, realpathSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtins } from '@wesgine/builtins';
import { createEngine, type HumanChannel } from '@wesgine/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const approver: HumanChannel = { ask: async () => ({ decision: 'approve' }) };
const engine = createEngine({ tools: builtins });

interface Site {
  readonly server: Server;
  readonly origin: string;
  readonly seen: string[];
}

async function site(host: string, body: string): Promise<Site> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    seen.push(request.url ?? '');
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as { port: number };
  return { server, origin: `http://${host}:${port}`, seen };
}

let allowed: Site;
let other: Site;
beforeAll(async () => {
  allowed = await site('127.0.0.1', 'allowed-body');
  other = await site('127.0.0.2', 'other-body');
});
afterAll(() => {
  allowed.server.close();
  other.server.close();
});

function cell(withRule: boolean) {
  const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-net-')));
  return engine.createCell({
    workDir,
    // Loopback is private: the cell must exempt it before any zone rule can allow it.
    network: { allowHosts: ['127.0.0.1', '127.0.0.2'] },
    zone: {
      version: 1,
      zone: 'test/net',
      // Actions ask (the approver says yes to the command); a host no rule allows is then refused mid-call.
      defaults: { exploration: 'allow', action: 'ask' },
      rules: withRule ? [{ id: 'local-site', effect: 'allow', tools: ['exec'], domains: ['127.0.0.1'] }] : [],
    },
  });
}

const exec = (target: ReturnType<typeof cell>, command: string) =>
  target.run({ human: approver }).call('exec', { command, timeout_ms: 20_000 });

describe('security: exec reaches the network only through the guard proxy', () => {
  it('a host the zone allows is reached through the proxy', async () => {
    const result = await exec(cell(true), `curl -sS -m 5 ${allowed.origin}/through-proxy`);
    expect(result.text).toMatch(/Output:\nallowed-body$/);
    expect(allowed.seen).toContain('/through-proxy');
  });

  it('a host the zone does not allow is refused by the proxy and never contacted', async () => {
    const result = await exec(cell(true), `curl -sS -m 5 ${other.origin}/refused; echo " exit $?"`);
    expect(result.text).toContain('Refused:');
    expect(result.text).not.toContain('other-body');
    expect(other.seen).toEqual([]);
  });

  it('going around the proxy reaches nothing', async () => {
    const before = allowed.seen.length;
    const port = new URL(allowed.origin).port;
    for (const command of [
      `curl -sS -m 3 --noproxy '*' ${allowed.origin}/around`,
      `echo GET / > /dev/tcp/127.0.0.1/${port}`,
      `python3 -c "import socket; socket.create_connection(('127.0.0.1', ${port}), 2)"`,
    ]) {
      const result = await exec(cell(true), command);
      expect(result.text).not.toContain('allowed-body');
    }
    expect(allowed.seen.length).toBe(before);
  });

  it('without a zone rule for the tool there is no proxy and no network', async () => {
    const target = cell(false);
    const env = await exec(target, 'env | grep -ci proxy; true');
    expect(env.text).toMatch(/Output:\n0\n$/);
    const before = allowed.seen.length;
    const result = await exec(target, `curl -sS -m 3 ${allowed.origin}/no-rule`);
    expect(result.text).not.toContain('allowed-body');
    expect(allowed.seen.length).toBe(before);
  });
});
