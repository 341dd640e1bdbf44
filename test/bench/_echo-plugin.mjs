// The smallest plugin: answers initialize, tools/list and tools/call (echo). The plugin benchmark talks
// to it both through a cell and bare, with its own NDJSON round trips.
import { createInterface } from 'node:readline';

const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
const as = process.argv.indexOf('--as');
const echo = {
  name: as === -1 ? 'echo' : process.argv[as + 1],
  description: 'Echoes.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
};
createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, method, params } = JSON.parse(line);
  if (id === undefined) return;
  if (method === 'initialize') send({ id, result: { name: 'echo-plugin', version: '1.0.0' } });
  else if (method === 'tools/list') send({ id, result: { tools: [echo] } });
  else if (method === 'tools/call') send({ id, result: { text: params.arguments.text } });
  else send({ id, result: {} });
});
