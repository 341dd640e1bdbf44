import { randomUUID } from 'node:crypto';
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
  const state = new Map<string, unknown>();
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
    dataDir: mkdtempSync(join(tmpdir(), 'wesgine-tools-call-')),
    session: { id: 'wesgine-tools-call', get: (key) => state.get(key), set: (key, value) => state.set(key, value) },
    human: undefined,
    agents: undefined,
    checkUrl: async (url) => webUrlProblem(url),
    mayRead: (path) => path === root || path.startsWith(`${root}${sep}`),
    signal: new AbortController().signal,
    progress: (update) =>
      io.err(`[progress] ${update.progress}${update.total === undefined ? '' : `/${update.total}`}`),
    log: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
    // Programs run only inside the runtime's OS sandbox, which `call` does not have.
    sandbox: {
      mode: 'on',
      spawn: async () => {
        throw new ToolError(
          'unavailable',
          `wesgine-tools call does not start programs; call ${tool.name} through the runtime, which runs them in its OS sandbox`,
        );
      },
    },
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

/** `call` reaches only http and https URLs; the runtime's full network rules apply in a cell. */
function webUrlProblem(text: string): string | undefined {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:' ? undefined : `${protocol} URLs cannot be fetched`;
  } catch {
    return `${JSON.stringify(text)} is not a URL`;
  }
}
