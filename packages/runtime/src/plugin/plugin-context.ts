import { resolve, sep } from 'node:path';
import { type ToolContext, ToolError, type ToolLogger, type ToolProgress, type ToolSession } from '@wesgine/schema';

/** What the host says about a call in `tools/call`'s `context` (see the runtime README, "Plugins"). */
export interface WireCallContext {
  readonly cellId?: unknown;
  readonly runId?: unknown;
  readonly sessionId?: unknown;
  readonly actor?: unknown;
  readonly workDir?: unknown;
  readonly resolvedPaths?: unknown;
}

/** Where a plugin's handler reports to: the notifications of its own request. */
export interface PluginCallChannel {
  readonly signal: AbortSignal;
  progress(update: ToolProgress): void;
  log(level: 'debug' | 'info' | 'warn' | 'error', message: string, data?: unknown): void;
  session(id: string): ToolSession;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The ToolContext a handler gets inside a plugin. The host governed the call already (its Hardline,
 * Sandbox and Zone checks ran, and the paths it resolved arrive here); the plugin runs in the cell's OS
 * sandbox, which is the guarantee for what the handler opens. It cannot ask the human, delegate to
 * sub-agents or start programs through `context.sandbox`.
 */
export function pluginContext(wire: WireCallContext, channel: PluginCallChannel, fallbackDir: string): ToolContext {
  const workDir = text(wire.workDir) ?? fallbackDir;
  const runId = text(wire.runId) ?? 'plugin-run';
  const sessionId = text(wire.sessionId);
  const given = wire.resolvedPaths;
  const resolvedPaths = new Map<string, string>(
    typeof given === 'object' && given !== null
      ? Object.entries(given).filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      : [],
  );
  const log: ToolLogger = {
    debug: (message, data) => channel.log('debug', message, data),
    info: (message, data) => channel.log('info', message, data),
    warn: (message, data) => channel.log('warn', message, data),
    error: (message, data) => channel.log('error', message, data),
  };
  return {
    cellId: text(wire.cellId) ?? 'plugin-cell',
    runId,
    sessionId,
    agentId: undefined,
    actor: text(wire.actor),
    workDir,
    allowPaths: [workDir],
    denyPaths: [],
    resolvedPaths,
    dataDir: workDir,
    session: channel.session(sessionId ?? runId),
    human: undefined,
    agents: undefined,
    signal: channel.signal,
    checkUrl: async () => undefined,
    mayRead: (realPath) => realPath === workDir || resolve(realPath).startsWith(workDir + sep),
    progress: (update) => channel.progress(update),
    log,
    sandbox: {
      mode: 'on',
      spawn: () =>
        Promise.reject(
          new ToolError('not_implemented', 'a tool served as a plugin cannot start programs through context.sandbox'),
        ),
    },
  };
}
