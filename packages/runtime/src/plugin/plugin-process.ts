import { resolve } from 'node:path';
import { type AnyToolDefinition, ToolError, toToolError } from '@wesgine/schema';
import { type CellEvents, emitSourceEvent, type SourceState } from '../engine/cell-events.js';
import type { AnyHandler } from '../registry/registered-tool.js';
import { SourceBackoff } from '../registry/source-backoff.js';
import type { SourcedTool, ToolSource } from '../registry/tool-source.js';
import { type LaunchCell, type LaunchedServer, launchServer } from '../sandbox/launch-server.js';
import { callPlugin, routeNotification } from './plugin-call.js';
import { PluginChild } from './plugin-child.js';
import { PLUGIN_METHODS, PLUGIN_PROTOCOL_VERSION } from './plugin-protocol.js';
import type { PluginSpec } from './plugin-spec.js';
import type { PluginState, PluginStatus } from './plugin-status.js';
import { readToolList } from './plugin-tools.js';
import { RpcFailure } from './rpc-connection.js';

/** The cell as a plugin sees it. */
export interface PluginCell extends LaunchCell {
  readonly id: string;
  readonly events: CellEvents;
}

const DEFAULT_START_TIMEOUT_MS = 30_000;
/** How long a plugin has to exit after `shutdown`, and again after SIGTERM. */
const STOP_GRACE_MS = 2_000;
/** How long a plugin that broke the protocol has after SIGTERM. */
const FAULT_GRACE_MS = 500;

/**
 * One plugin of a cell, and the tool source of its tools (`plugin:<name>`): started through the cell's
 * launcher (inside the OS sandbox unless its spec says `sandbox: false`), `initialize`d, its tools listed;
 * restarted with growing delays after it fails (exit, protocol garbage, a line past the cap); stopped by
 * `close` (shutdown, SIGTERM, SIGKILL). While it is down its tools stay listed and answer `unavailable`.
 */
export class PluginProcess implements ToolSource {
  readonly kind = 'plugin' as const;
  readonly id: string;
  /** Resolves with why the first start failed, or undefined once it is ready; never rejects. */
  readonly firstStart: Promise<string | undefined>;
  readonly #spec: PluginSpec;
  readonly #cell: PluginCell;
  readonly #label: string;
  readonly #listeners = new Set<() => void>();
  readonly #stopping = new AbortController();
  #settleFirst: (failure: string | undefined) => void = () => {};
  #state: PluginState = 'connecting';
  #child: PluginChild | undefined;
  #tools: readonly SourcedTool[] = [];
  #skipped: PluginStatus['skipped'] = [];
  #info: PluginStatus['info'];
  #lastError: string | undefined;
  /** Why it is down, without its stderr: what a call's answer says. */
  #failure: string | undefined;
  #restarts = 0;
  readonly #backoff = new SourceBackoff();
  #timer: NodeJS.Timeout | undefined;
  #listing: Promise<void> | undefined;
  #listAgain = false;
  #closed: Promise<void> | undefined;

  constructor(cell: PluginCell, spec: PluginSpec) {
    this.#cell = cell;
    this.#spec = spec;
    this.id = `plugin:${spec.name}`;
    this.#label = `'${spec.name}'`;
    this.firstStart = new Promise((settle) => {
      this.#settleFirst = settle;
    });
  }

  get provenance(): string {
    return this.#info === undefined ? this.id : `${this.#info.name}@${this.#info.version}`;
  }

  /** `off` when asked for, or when its last start ran outside the sandbox. */
  get sandbox(): 'off' | undefined {
    return this.#spec.sandbox === false || this.#child?.sandboxed === false ? 'off' : undefined;
  }

  tools(): readonly SourcedTool[] {
    return this.#tools;
  }

  onToolsChanged(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  status(): PluginStatus {
    return {
      name: this.#spec.name,
      sourceId: this.id,
      state: this.#state,
      tools: this.#tools.map((tool) => tool.definition.name),
      skipped: this.#skipped,
      info: this.#info,
      sandboxed: this.#child === undefined ? undefined : this.#child.sandboxed,
      pid: this.#state === 'ready' || this.#state === 'connecting' ? this.#child?.pid : undefined,
      restarts: this.#restarts,
      lastError: this.#lastError,
    };
  }

  /** Starts the first attempt; the cell calls it once, after adding the source. */
  start(): void {
    void this.#attempt();
  }

  /** Stops it and everything it started; later calls answer `unavailable`. Safe to call twice. */
  close(): Promise<void> {
    this.#closed ??= (async () => {
      this.#stopping.abort(new ToolError('unavailable', `the plugin ${this.#label} is stopping`));
      clearTimeout(this.#timer);
      this.#state = 'stopped';
      await this.#child?.kill(STOP_GRACE_MS, true);
      this.#settleFirst('the cell stopped before it was ready');
      this.#emit('removed', `the plugin ${this.#label} was stopped`);
    })();
    return this.#closed;
  }

  async #attempt(): Promise<void> {
    if (this.#stopping.signal.aborted) return;
    this.#state = 'connecting';
    this.#emit(
      'connecting',
      `starting the plugin ${this.#label}${this.#restarts > 0 ? ` (restart ${this.#restarts})` : ''}`,
    );
    const timeoutMs = this.#spec.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
    const { command, args = [], env, cwd } = this.#spec;
    let launched: LaunchedServer;
    try {
      launched = await launchServer(this.#cell, {
        sourceId: this.id,
        argv: [command, ...args],
        cwd: resolve(this.#cell.spec.workDir, cwd ?? '.'),
        ...(env === undefined ? {} : { env }),
        ...(this.#spec.sandbox === undefined ? {} : { sandbox: this.#spec.sandbox }),
      });
    } catch (error) {
      this.#down(`could not be launched: ${messageOf(error)}`, '');
      return;
    }
    if (this.#stopping.signal.aborted) {
      await launched.close().catch(() => undefined);
      return;
    }
    const child = new PluginChild(launched, this.#label, {
      notification: (from, method, params) => this.#notified(from, method, params),
      failed: (from, reason) => this.#failed(from, reason),
    });
    this.#child = child;
    try {
      await child.started();
      const signal = AbortSignal.any([
        this.#stopping.signal,
        startLimit(timeoutMs, 'answer initialize and tools/list'),
      ]);
      const info = await ask(
        child,
        PLUGIN_METHODS.initialize,
        { protocolVersion: PLUGIN_PROTOCOL_VERSION, host: { name: '@wesgine/runtime' } },
        signal,
      );
      this.#info = infoOf(info, this.#spec.name);
      this.#takeList(await ask(child, PLUGIN_METHODS.listTools, {}, signal));
    } catch (error) {
      child.fail(child.failure ?? messageOf(error));
      return;
    }
    if (child.failure !== undefined || this.#stopping.signal.aborted) return;
    this.#state = 'ready';
    this.#backoff.up();
    this.#lastError = undefined;
    this.#failure = undefined;
    this.#settleFirst(undefined);
    this.#emit(
      'ready',
      `the plugin ${this.#label} (${this.provenance}) is ready with ${countOf(this.#tools.length, 'tool')}`,
    );
  }

  /** Takes a `tools/list` answer: the tools it offers now, each skipped one reported. */
  #takeList(listed: unknown): void {
    const { tools, skipped } = readToolList(listed, this.#spec.name, this.#spec.timeoutMs);
    this.#tools = tools.map(({ definition }) => ({ definition, handler: this.#handler(definition) }));
    const before = new Set(this.#skipped.map((entry) => `${entry.tool}\n${entry.reason}`));
    this.#skipped = skipped;
    for (const entry of skipped) {
      if (before.has(`${entry.tool}\n${entry.reason}`)) continue;
      this.#emit(
        'warning',
        `the plugin ${this.#label} offers the tool '${entry.tool}', which was left out: ${entry.reason}`,
      );
    }
    for (const listener of this.#listeners) listener();
  }

  #handler(definition: AnyToolDefinition): AnyHandler {
    return (args, context) => {
      const child = this.#child;
      if (this.#state !== 'ready' || child === undefined || child.failure !== undefined) {
        throw new ToolError('unavailable', this.#downMessage());
      }
      return callPlugin(child, this.#label, definition, args, context).catch((error: unknown) => {
        const failure = toToolError(error);
        // The plugin failed during the call: say so, and when it comes back.
        if (child.failure !== undefined && failure.code === 'unavailable' && this.#state !== 'stopped') {
          throw new ToolError(
            'unavailable',
            `${failure.message} during the call of ${definition.name}; ${this.#comeback()}`,
          );
        }
        throw failure;
      });
    };
  }

  #notified(child: PluginChild, method: string, params: unknown): void {
    if (child !== this.#child) return;
    if (method === PLUGIN_METHODS.toolsChanged) this.#relist(child);
    else routeNotification(child, method, params);
  }

  /** Asks for the list again (once more if it changed again meanwhile); a failed ask keeps the old list. */
  #relist(child: PluginChild): void {
    if (this.#state !== 'ready') return;
    if (this.#listing !== undefined) {
      this.#listAgain = true;
      return;
    }
    this.#listing = (async () => {
      do {
        this.#listAgain = false;
        try {
          const signal = AbortSignal.any([
            this.#stopping.signal,
            startLimit(DEFAULT_START_TIMEOUT_MS, 'answer tools/list'),
          ]);
          const listed = await ask(child, PLUGIN_METHODS.listTools, {}, signal);
          if (child === this.#child && this.#state === 'ready') this.#takeList(listed);
        } catch (error) {
          if (child !== this.#child || child.failure !== undefined) return;
          this.#emit(
            'warning',
            `the plugin ${this.#label} said its tools changed, but it ${messageOf(error)}; the old list is kept`,
          );
        }
      } while (this.#listAgain);
    })().finally(() => {
      this.#listing = undefined;
    });
  }

  #failed(child: PluginChild, reason: string): void {
    if (child !== this.#child || this.#stopping.signal.aborted) return;
    void child.kill(FAULT_GRACE_MS, false);
    this.#down(reason, child.stderrTail);
  }

  #down(reason: string, stderr: string): void {
    if (this.#stopping.signal.aborted) return;
    const delayMs = this.#backoff.next();
    this.#state = 'down';
    this.#failure = reason;
    this.#lastError = stderr === '' ? reason : `${reason}; the end of its stderr: ${JSON.stringify(stderr)}`;
    this.#settleFirst(this.#lastError);
    this.#emit('down', `the plugin ${this.#label} is down: it ${this.#lastError}; ${this.#comeback()}`);
    this.#timer = setTimeout(() => {
      this.#restarts++;
      void this.#attempt();
    }, delayMs);
    this.#timer.unref();
  }

  #comeback(): string {
    const seconds = this.#backoff.left() / 1000;
    return `it restarts in ${seconds.toFixed(1)} s`;
  }

  #downMessage(): string {
    if (this.#state === 'stopped') return `the plugin ${this.#label} was stopped`;
    if (this.#state === 'connecting') return `the plugin ${this.#label} is starting; try again shortly`;
    return `the plugin ${this.#label} is down (it ${this.#failure ?? 'failed'}); ${this.#comeback()}`;
  }

  #emit(state: SourceState, message: string): void {
    emitSourceEvent(this.#cell, this.id, state, message);
  }
}

/** A signal that fires after `ms` with a ToolError saying what did not happen in time. */
function startLimit(ms: number, what: string): AbortSignal {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new ToolError('timeout', `did not ${what} within ${ms} ms`)), ms);
  timer.unref();
  return controller.signal;
}

/** The plugin's `initialize` answer: its own name and version, the spec's name when it gives none. */
function infoOf(value: unknown, fallback: string): { name: string; version: string } {
  if (typeof value !== 'object' || value === null)
    throw new Error('answered initialize with something that is not an object');
  const { name, version } = value as Record<string, unknown>;
  return {
    name: typeof name === 'string' && name !== '' ? name.slice(0, 200) : fallback,
    version: typeof version === 'string' && version !== '' ? version.slice(0, 100) : '0.0.0',
  };
}

/** A request during start or listing; an error answer becomes a reason ("answered initialize with ..."). */
async function ask(child: PluginChild, method: string, params: unknown, signal: AbortSignal): Promise<unknown> {
  try {
    return await child.connection.request(method, params, { signal });
  } catch (error) {
    if (error instanceof RpcFailure)
      throw new Error(`answered ${method} with the error ${JSON.stringify(error.message)}`);
    throw error;
  }
}

/** What went wrong, phrased to follow "it" (the plugin's own label is cut from the host's messages). */
function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^the plugin '[^']*' /, '');
}

function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
