import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { type AnyToolDefinition, findMarkedParameters, type ToolContext } from '@wesgine/schema';
import type { CliIo } from './io.js';

/**
 * The context `wesgine-tools call` hands a handler: the current folder as the only allowed root, and
 * every `Path()` argument resolved against it. It applies no governance: that is the runtime's job.
 */
export function localContext(io: CliIo, tool: AnyToolDefinition, args: unknown): ToolContext {
  const resolvedPaths = new Map<string, string>();
  for (const marked of findMarkedParameters(tool.parameters)) {
    if (marked.kind !== 'path') continue;
    for (const [pointer, value] of expand(args, marked.pointer.split('/').slice(1), '')) {
      if (typeof value === 'string') resolvedPaths.set(pointer, resolve(io.cwd, value));
    }
  }
  const log = (level: string) => (message: string) => io.err(`[${level}] ${message}`);
  return {
    cellId: 'wesgine-tools-call',
    runId: randomUUID(),
    sessionId: undefined,
    agentId: undefined,
    actor: undefined,
    workDir: io.cwd,
    allowPaths: [io.cwd],
    denyPaths: [],
    resolvedPaths,
    signal: new AbortController().signal,
    progress: (update) =>
      io.err(`[progress] ${update.progress}${update.total === undefined ? '' : `/${update.total}`}`),
    log: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
  };
}

/** The concrete pointers (and values) a pattern pointer with `*` segments matches in `value`. */
function expand(value: unknown, segments: readonly string[], at: string): [string, unknown][] {
  const [head, ...rest] = segments;
  if (head === undefined) return [[at, value]];
  if (typeof value !== 'object' || value === null) return [];
  const entries =
    head === '*' ? Object.entries(value) : [[head, (value as Record<string, unknown>)[decodeSegment(head)]]];
  return entries.flatMap(([key, child]) =>
    child === undefined ? [] : expand(child, rest, `${at}/${head === '*' ? encodeSegment(String(key)) : head}`),
  );
}

function decodeSegment(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

function encodeSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}
