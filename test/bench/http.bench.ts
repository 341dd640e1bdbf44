// Calls per second through the HTTP API (`POST /tools/:name/call`) against a bare Hono app on loopback
// whose handler does the same work (parse the JSON body, run the same function, answer JSON), plus a
// bare Hono app that calls `run.call`, to split the pipeline's share from the API's own HTTP layer.
// The servers run in a child process, the client here: 16 requests in flight over keep-alive sockets.
// Every request carries the API's bearer token (the bare apps ignore it), so the API's share includes
// its Host, Origin and token checks, as a real client meets them.
// Run: node --expose-gc --import tsx test/bench/http.bench.ts
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, realpathSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve as serveNode } from '@hono/node-server';
import { Hono } from 'hono';
import { serve } from '../../packages/runtime/src/http/index.js';
import { createEngine, type Run } from '../../packages/runtime/src/index.js';
import { Type } from '../../packages/schema/src/index.js';
import { summarise, table } from './_measure.js';

const CONCURRENCY = 16;
const CALLS = 5000;
const ROUNDS = 7;

interface Targets {
  readonly bare: string;
  readonly bareRun: string;
  readonly api: string;
  /** The API's owner token (serve made it): every request sends it, as a real client does. */
  readonly token: string;
}

const plain = ({ n }: { n: number }) => `n=${n}`;

if (process.argv.includes('--serve')) await serveTargets();
else await measure();

/** The child: three servers on loopback, their URLs sent to the parent; exits when told to. */
async function serveTargets(): Promise<void> {
  const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-http-bench-')));
  const cell = createEngine().createCell({ workDir });
  cell
    .tools()
    .register({ name: 'plain', description: 'Plain.', parameters: Type.Object({ n: Type.Integer() }), handler: plain });

  const bare = new Hono();
  bare.post('/call', async (context) => {
    const body = (await context.req.json()) as { args: { n: number } };
    return context.json({ isError: false, text: plain(body.args) });
  });

  // A fresh run per session header, as the API does: the CycleDetector sees one round's calls.
  const runs = new Map<string, Run>();
  const bareRun = new Hono();
  bareRun.post('/call', async (context) => {
    const session = context.req.header('x-wesgine-session') ?? '';
    const run = runs.get(session) ?? runs.set(session, cell.run({ sessionId: session })).get(session);
    const body = (await context.req.json()) as { args: unknown };
    return context.json(await (run as Run).call('plain', body.args));
  });

  const listen = (app: Hono) =>
    new Promise<string>((resolve) => {
      serveNode({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
        resolve(`http://127.0.0.1:${info.port}/call`),
      );
    });
  const api = await serve(cell, { port: 0 });
  const targets: Targets = {
    bare: await listen(bare),
    bareRun: await listen(bareRun),
    api: `${api.url}/tools/plain/call`,
    token: api.token ?? '',
  };
  process.send?.(targets);
  // Told to stop, or the parent is gone (it failed): either way the servers go with this process.
  process.on('message', () => process.exit(0));
  process.on('disconnect', () => process.exit(0));
}

/** The parent: drives each target in turn, round-robin, and prints medians and ratios. */
async function measure(): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: ['--import', 'tsx'] });
  const targets = await new Promise<Targets>((resolve) =>
    child.once('message', (message) => resolve(message as Targets)),
  );
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const cases = [
    { name: 'bare Hono: same handler', url: targets.bare },
    { name: 'bare Hono: run.call', url: targets.bareRun },
    { name: 'API: POST /tools/plain/call', url: targets.api },
  ];
  try {
    for (const item of cases) await round(agent, item.url, 'warm-up', targets.token);
    const samples = cases.map((item) => ({ name: item.name, opsPerSecond: [] as number[] }));
    for (let index = 0; index < ROUNDS; index++) {
      for (const [position, item] of cases.entries()) {
        globalThis.gc?.();
        samples[position]?.opsPerSecond.push(await round(agent, item.url, `round-${index}`, targets.token));
      }
    }
    const rows = samples.map(summarise);
    console.log(
      table(
        `Calls per second, ${CONCURRENCY} in flight, ${CALLS} calls a run (higher is better)`,
        'calls/s',
        rows,
        'bare Hono: same handler',
      ),
    );
    const median = (name: string) => rows.find((row) => row.name === name)?.median ?? Number.NaN;
    const perCall = (name: string) => 1e6 / median(name);
    const bare = perCall('bare Hono: same handler');
    console.log(
      `- the API takes ${(perCall('API: POST /tools/plain/call') - bare).toFixed(1)} µs more per call than bare Hono (1 / median throughput)`,
    );
    console.log(`- of which the pipeline (run.call): ${(perCall('bare Hono: run.call') - bare).toFixed(1)} µs`);
    console.log('- client and servers run in separate processes on one machine; compare ratios, not absolutes');
  } finally {
    agent.destroy();
    stop(child);
  }
}

/** `CALLS` requests, `CONCURRENCY` at a time; returns calls per second. Every answer must be a success. */
async function round(agent: Agent, url: string, session: string, token: string): Promise<number> {
  let next = 0;
  const started = process.hrtime.bigint();
  const worker = async () => {
    while (next < CALLS) {
      const n = next++;
      const answer = await post(agent, url, JSON.stringify({ args: { n } }), session, token);
      if (answer.status !== 200 || (JSON.parse(answer.body) as { isError: boolean }).isError) {
        throw new Error(`a benchmark call failed: ${answer.status} ${answer.body}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return (CALLS * 1e9) / Number(process.hrtime.bigint() - started);
}

function post(
  agent: Agent,
  url: string,
  body: string,
  session: string,
  token: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-wesgine-session': session,
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function stop(child: ChildProcess): void {
  if (child.connected) child.send('stop');
}
