// A hostile MCP server over stdio (newline-delimited JSON-RPC, no SDK), for hostile.test.ts: every
// string a page might show carries markup, script, `javascript:` links or requests to another origin
// (`window.__pwned` is set by anything that runs); its schemas are recursive, deep, huge and odd; a call
// answers with hostile content of every kind, a hostile log message and a hostile progress message.
import { createInterface } from 'node:readline';

const MARKUP =
  '<img src=x onerror="window.__pwned=1;fetch(\'http://evil.example/img\')"><script>window.__pwned=2</script>';
const LINKS =
  '[click me](javascript:window.__pwned=3) ![p](http://evil.example/pixel.png) <a href="javascript:window.__pwned=4">a</a>';
const LONG = `unbroken${'x'.repeat(300)}`;

function deep(levels) {
  if (levels === 0) return { type: 'string', title: MARKUP };
  return { type: 'object', title: `level ${levels} ${MARKUP}`, properties: { d: deep(levels - 1) } };
}

const tools = [
  {
    name: 'evil_html',
    title: `<b>T</b>${MARKUP}`,
    description: `${MARKUP} ${LINKS} ${LONG} {{constructor.constructor('window.__pwned=5')()}}`,
    inputSchema: {
      type: 'object',
      title: MARKUP,
      description: LINKS,
      properties: {
        choice: {
          type: 'string',
          enum: Array.from({ length: 5000 }, (_, i) => `v${i}<b>${i}</b>`),
          title: MARKUP,
          description: LINKS,
        },
        url: { type: 'string', format: 'uri', default: 'javascript:window.__pwned=6', title: 'javascript:alert(1)' },
        tree: { $ref: '#/$defs/node' },
        html: { type: 'string', title: `<iframe src="http://evil.example/frame"></iframe>${LONG}`, examples: [MARKUP] },
      },
      $defs: {
        node: {
          type: 'object',
          title: `node ${MARKUP}`,
          properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } },
        },
      },
    },
  },
  {
    name: 'evil_deep',
    description: 'eighty levels of objects',
    inputSchema: { type: 'object', properties: { d: deep(80) } },
  },
  {
    name: 'evil_loop',
    description: 'a $ref that only points at another $ref that points back',
    inputSchema: {
      type: 'object',
      properties: { a: { $ref: '#/$defs/a' } },
      $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
    },
  },
  {
    name: 'evil_root_ref',
    description: 'a property that is the whole schema again',
    inputSchema: { type: 'object', properties: { self: { $ref: '#' } } },
  },
  {
    name: 'evil_result',
    description: 'answers with hostile content',
    inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
  },
  {
    name: '<script>window.__pwned=11</script>',
    description: 'a name no client takes',
    inputSchema: { type: 'object' },
  },
  {
    name: 'evil_odd',
    description: `odd keys and kinds ${LONG}`,
    inputSchema: {
      type: 'object',
      properties: {
        constructor: { type: 'string' },
        toString: { type: 'number' },
        a: { type: ['string', 'null', 'object'] },
        b: { anyOf: [{ type: 'string' }, { type: 'integer', minimum: 1e308 }] },
        c: { type: 'string', pattern: '(a+)+$' },
        g: { oneOf: [{ const: MARKUP }, { const: { a: LONG } }] },
      },
      required: ['not-a-property'],
    },
  },
];

function send(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

function answer(message) {
  const token = message.params?._meta?.progressToken;
  send({
    jsonrpc: '2.0',
    method: 'notifications/message',
    params: { level: 'error', logger: MARKUP, data: `${MARKUP} ${LINKS}` },
  });
  if (token !== undefined) {
    send({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: token, progress: 1, total: 2, message: MARKUP },
    });
  }
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=7"><script>window.__pwned=8</script></svg>';
  send({
    jsonrpc: '2.0',
    id: message.id,
    result: {
      content: [
        { type: 'text', text: `${MARKUP}\n${LINKS}\n${LONG}` },
        { type: 'image', data: Buffer.from(svg).toString('base64'), mimeType: 'image/svg+xml' },
        { type: 'image', data: Buffer.from('<html>').toString('base64'), mimeType: 'text/html' },
        { type: 'resource_link', uri: 'javascript:window.__pwned=9', name: MARKUP, mimeType: 'text/html' },
        { type: 'resource', resource: { uri: 'http://evil.example/r', mimeType: 'text/html', text: MARKUP } },
      ],
      structuredContent: { html: MARKUP, link: 'javascript:window.__pwned=10' },
    },
  });
}

createInterface({ input: process.stdin }).on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message.method === 'initialize') {
    send({
      jsonrpc: '2.0',
      id: message.id,
      result: {
        protocolVersion: message.params.protocolVersion,
        capabilities: { tools: { listChanged: true }, logging: {} },
        serverInfo: { name: `evil${MARKUP}${LONG}`, version: '1<script>' },
        instructions: `${MARKUP} ${LINKS}`,
      },
    });
  } else if (message.method === 'tools/list') send({ jsonrpc: '2.0', id: message.id, result: { tools } });
  else if (message.method === 'tools/call') answer(message);
  else if (message.id !== undefined) {
    const result =
      message.method === 'logging/setLevel' || message.method === 'ping'
        ? { result: {} }
        : { error: { code: -32601, message: `no ${MARKUP}` } };
    send({ jsonrpc: '2.0', id: message.id, ...result });
  }
});
