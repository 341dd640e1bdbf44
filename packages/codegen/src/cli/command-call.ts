import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { formatIssues, readArguments, ToolError, toToolError, validate } from '@wesgine/schema';
import { loadGeneratedPack } from '../load/load-generated-pack.js';
import type { CliIo } from './io.js';
import { localContext } from './local-context.js';
import { UsageError } from './parse-args.js';

/**
 * `wesgine-tools call <tool> [<json>]`: loads the pack as `gen` generated it (`generated/handlers.gen.ts`,
 * so it works whatever the pack's `src/index.ts` is), validates the arguments as the runtime would, and
 * runs the handler with a local context. Prints what the model would read.
 */
export async function commandCall(io: CliIo, packRoot: string, positionals: readonly string[]): Promise<number> {
  const [name, json = '{}', ...extra] = positionals;
  if (name === undefined) throw new UsageError(`call needs a tool name: wesgine-tools call <tool> '{"arg": 1}'`);
  if (extra.length > 0) throw new UsageError('call takes the tool name and one JSON argument; quote the JSON');
  let args: unknown;
  try {
    args = JSON.parse(json);
  } catch (error) {
    throw new UsageError(`the arguments are not valid JSON: ${(error as Error).message}`);
  }
  const pack = await loadGeneratedPack(packRoot);
  const tool = pack.tools.find((candidate) => candidate.name === name);
  if (tool === undefined) {
    const known = pack.tools.map((candidate) => candidate.name).join(', ') || 'none';
    // A definition added since the last `gen` is not in the generated files yet: say so, not "no tool".
    if (existsSync(join(packRoot, 'tools', `${name}.tool.ts`))) {
      throw new UsageError(`tools/${name}.tool.ts is newer than the generated files: run wesgine-tools gen first`);
    }
    throw new UsageError(`pack ${pack.name} has no tool '${name}'; its tools: ${known}`);
  }
  // As the runtime does: read into plain JSON data within the depth limit, then check.
  const read = readArguments(args);
  const checked = read.ok ? validate(tool, read.value) : read;
  if (!checked.ok) {
    io.err(formatIssues(tool.name, checked.issues));
    return 1;
  }
  const handler = (pack.handlers as Record<string, (args: unknown, context: unknown) => unknown>)[tool.name];
  try {
    const result: unknown = await handler?.(checked.value, localContext(io, tool, checked.value));
    if (typeof result === 'string') {
      io.out(result);
      return 0;
    }
    const shaped = result as { text?: unknown; data?: unknown } | null | undefined;
    if (typeof shaped?.text !== 'string') {
      throw new ToolError(
        'handler_failed',
        `the handler of '${tool.name}' returned ${describeReturn(result)}; return a string or { text, data }`,
      );
    }
    io.out(shaped.text);
    if (shaped.data !== undefined) io.out(`data: ${JSON.stringify(shaped.data, null, 2)}`);
    return 0;
  } catch (thrown) {
    const error = toToolError(thrown);
    io.err(`error [${error.code}]: ${error.message}`);
    return 1;
  }
}

function describeReturn(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'object') return 'an object without a text string';
  return `a ${typeof value}`;
}
