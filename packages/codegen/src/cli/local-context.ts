import { randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { type AnyToolDefinition, findMarkedParameters, type ToolContext, ToolError, valuesAt } from '@wesgine/schema';
import type { CliIo } from './io.js';

/**
 * The context `wesgine-tools call` hands a handler: the current folder as the only allowed root, and
 * every `Path()` argument resolved against it (symlinks followed). A path that leads outside the folder
 * is refused with `denied` before the handler runs. The rest of governance is the runtime's job.
 */
export function localContext(io: CliIo, tool: AnyToolDefinition, args: unknown): ToolContext {
  const root = realpathSync(io.cwd);
  const resolvedPaths = new Map<string, string>();
  for (const marked of findMarkedParameters(tool.parameters)) {
    if (marked.kind !== 'path') continue;
    for (const [pointer, value] of valuesAt(args, marked.pointer)) {
      if (typeof value !== 'string') continue;
      const real = realpathOfExisting(resolve(root, value));
      if (real !== root && !real.startsWith(`${root}${sep}`)) {
        throw new ToolError(
          'denied',
          `${pointer}: ${value} is outside ${io.cwd}; call only allows paths inside the current folder`,
        );
      }
      resolvedPaths.set(pointer, real);
    }
  }
  const log = (level: string) => (message: string) => io.err(`[${level}] ${message}`);
  return {
    cellId: 'wesgine-tools-call',
    runId: randomUUID(),
    sessionId: undefined,
    agentId: undefined,
    actor: undefined,
    workDir: root,
    allowPaths: [root],
    denyPaths: [],
    resolvedPaths,
    signal: new AbortController().signal,
    progress: (update) =>
      io.err(`[progress] ${update.progress}${update.total === undefined ? '' : `/${update.total}`}`),
    log: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
  };
}

/** `realpath` of the longest existing prefix, with the missing rest appended (the file may be new). */
function realpathOfExisting(path: string): string {
  try {
    return realpathSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(path) === path) throw error;
    return join(realpathOfExisting(dirname(path)), basename(path));
  }
}
