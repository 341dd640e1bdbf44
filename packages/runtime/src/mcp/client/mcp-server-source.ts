import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { ToolError } from '@wesgine/schema';
import { type CellEvents, emitSourceEvent, type SourceState } from '../../engine/cell-events.js';
import { remoteToolDefinition } from '../../registry/remote-tool.js';
import { SourceBackoff } from '../../registry/source-backoff.js';
import type { SourcedTool, ToolSource } from '../../registry/tool-source.js';
import type { LaunchCell } from '../../sandbox/launch-server.js';
import { listAllTools, type McpConnection, openConnection } from './mcp-connection.js';
import type { McpServerConfig } from './mcp-server-config.js';
import type { McpServerState, McpServerStatus } from './mcp-server-status.js';
import { mcpToolHandler } from './mcp-tool-handler.js';
import { changes, count, readable, seconds } from './source-messages.js';

/** The cell as an MCP server source sees it. */
export interface McpHost extends LaunchCell {
  readonly id: string;
  readonly events: CellEvents;
  readonly spec: { readonly workDir: string; readonly defaults?: { readonly timeoutMs?: number } };
}

/** The pipeline's own time limit when neither the server's config nor the cell sets one. */
const DEFAULT_TIMEOUT_MS = 120_000;

/**
 * One MCP server as a source of the cell's tools. It connects when started, lists the server's tools
 * (again on `notifications/tools/list_changed`), and calls them with `tools/call`. A server that goes
 * down keeps its tools listed, answering `unavailable`, and is reconnected with backoff; every change of
 * state is a `source` event of the cell.
 */
export class McpServerSource implements ToolSource {
  readonly kind = 'mcp' as const;
  readonly id: string;
  readonly config: McpServerConfig;
  readonly #host: McpHost;
  readonly #stopped = new AbortController();
  readonly #listeners = new Set<() => void>();
  #state: McpServerState = 'connecting';
  #connection: McpConnection | undefined;
  #tools: readonly SourcedTool[] = [];
  #skipped = new Map<string, string>();
  readonly #warned = new Set<string>();
  #serverInfo: McpServerStatus['serverInfo'];
  #instructions: string | undefined;
  #sandboxed: boolean | undefined;
  #lastError: string | undefined;
  readonly #backoff = new SourceBackoff();
  #timer: NodeJS.Timeout | undefined;
  #connecting: Promise<void> | undefined;
  #refreshing = false;
  #refreshAgain = false;

  constructor(host: McpHost, config: McpServerConfig) {
    this.#host = host;
    this.config = config;
    this.id = `mcp:${config.name}`;
  }

  /** `<serverInfo.name>@<version>` once connected: the audit record's provenance of its tools. */
  get provenance(): string {
    const info = this.#serverInfo;
    return info === undefined ? this.id : `${info.name}@${info.version}`;
  }

  /** `off` for a stdio server that runs outside the OS sandbox (asked for, or the cell's is off). */
  get sandbox(): 'off' | undefined {
    if (this.config.transport !== 'stdio') return undefined;
    return this.config.sandbox === false || this.#sandboxed === false ? 'off' : undefined;
  }

  tools(): readonly SourcedTool[] {
    return this.#tools;
  }

  onToolsChanged(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Makes the first attempt; resolves when it is over, the server then ready or down (and retrying). */
  start(): Promise<void> {
    this.#connecting = this.#connect();
    return this.#connecting;
  }

  status(): McpServerStatus {
    return {
      name: this.config.name,
      sourceId: this.id,
      transport: this.config.transport,
      state: this.#state,
      tools: this.#tools.map((tool) => tool.definition.name),
      skipped: [...this.#skipped].map(([tool, reason]) => ({ tool, reason })),
      serverInfo: this.#serverInfo,
      instructions: this.#instructions,
      sandboxed: this.config.transport === 'stdio' ? (this.#sandboxed ?? this.config.sandbox !== false) : undefined,
      lastError: this.#lastError,
    };
  }

  /** Ends the session and every retry; the child process is stopped. */
  async close(): Promise<void> {
    if (this.#stopped.signal.aborted) return;
    this.#stopped.abort();
    clearTimeout(this.#timer);
    await this.#connecting;
    const connection = this.#connection;
    this.#connection = undefined;
    await connection?.close();
    this.#emit('removed', `The MCP server ${this.config.name} was removed.`);
  }

  async #connect(): Promise<void> {
    const { signal } = this.#stopped;
    if (signal.aborted) return;
    this.#state = 'connecting';
    this.#emit('connecting', `Connecting to the MCP server ${this.config.name} (${this.#describe()}).`);
    let live: McpConnection | undefined;
    let changedWhileListing = false;
    try {
      live = await openConnection(
        this.#host,
        this.config,
        {
          onLost: (reason) => {
            if (live !== undefined && this.#connection === live) this.#lost(live, reason);
          },
          onToolsChanged: () => {
            if (live !== undefined && this.#connection === live) this.#refresh(live);
            else changedWhileListing = true;
          },
        },
        signal,
      );
      const tools = await listAllTools(live.client, signal);
      if (signal.aborted) {
        await live.close();
        return;
      }
      const info = live.client.getServerVersion();
      this.#serverInfo =
        info === undefined
          ? undefined
          : { name: info.name, version: info.version, ...(info.title === undefined ? {} : { title: info.title }) };
      this.#instructions = live.client.getInstructions();
      this.#sandboxed = live.launched?.sandboxed;
      this.#lastError = undefined;
      this.#backoff.up();
      this.#connection = live;
      this.#state = 'ready';
      this.#apply(tools);
      this.#emit(
        'ready',
        `The MCP server ${this.config.name} (${this.provenance}) is ready with ${count(this.#tools.length, 'tool')}.`,
      );
      this.#notify();
      if (changedWhileListing) this.#refresh(live);
    } catch (error) {
      await live?.close();
      if (signal.aborted) return;
      this.#down(readable(error));
    }
  }

  #lost(connection: McpConnection, reason: string): void {
    if (this.#connection !== connection) return;
    this.#connection = undefined;
    void connection.close();
    this.#down(reason);
  }

  #down(reason: string): void {
    if (this.#stopped.signal.aborted) return;
    const delay = this.#backoff.next();
    this.#state = 'down';
    this.#lastError = reason;
    this.#emit(
      'down',
      `The MCP server ${this.config.name} is down: ${reason}. The next attempt to connect is in ${seconds(delay)}.`,
    );
    this.#timer = setTimeout(() => {
      this.#connecting = this.#connect();
    }, delay);
    // A cell its consumer forgot to stop must not keep the process alive just to retry.
    this.#timer.unref();
  }

  /** Lists the tools again after `list_changed`; a change that arrives meanwhile lists once more. */
  #refresh(connection: McpConnection): void {
    if (this.#refreshing) {
      this.#refreshAgain = true;
      return;
    }
    this.#refreshing = true;
    void (async () => {
      try {
        do {
          this.#refreshAgain = false;
          const before = new Set(this.#tools.map((tool) => tool.definition.name));
          const tools = await listAllTools(connection.client, this.#stopped.signal);
          if (this.#connection !== connection) return;
          this.#apply(tools);
          const changed = changes(before, this.#tools);
          if (changed !== undefined)
            this.#emit('ready', `The MCP server ${this.config.name} changed its tools: ${changed}.`);
          this.#notify();
        } while (this.#refreshAgain);
      } catch (error) {
        if (this.#connection === connection) {
          this.#emit(
            'warning',
            `The MCP server ${this.config.name} said its tools changed, but listing them failed: ${readable(error)}.`,
          );
        }
      } finally {
        this.#refreshing = false;
      }
    })();
  }

  /** Takes the server's list: the allow list, the prefix and the schemas decide which tools the cell gets. */
  #apply(tools: readonly Tool[]): void {
    const { config } = this;
    const allowed = config.tools === undefined ? undefined : new Set(config.tools);
    const offered = new Set(tools.map((tool) => tool.name));
    const next: SourcedTool[] = [];
    const skipped = new Map<string, string>();
    const timeoutMs = config.timeoutMs ?? this.#host.spec.defaults?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    for (const tool of tools) {
      if (allowed !== undefined && !allowed.has(tool.name)) continue;
      const marks = config.paths?.[tool.name];
      const built = remoteToolDefinition(tool, {
        origin: `the MCP server ${config.name}`,
        ...(config.prefix === undefined ? {} : { prefix: config.prefix }),
        ...(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs }),
        ...(marks === undefined ? {} : { paths: marks }),
      });
      if (!built.ok) {
        skipped.set(tool.name, built.reason);
        continue;
      }
      const handler = mcpToolHandler({
        server: config.name,
        tool: tool.name,
        hasPaths: built.hasPaths,
        timeoutMs,
        connection: () => this.#connection,
        unavailable: () => this.#unavailable(),
        lost: (connection, reason) => this.#lost(connection, reason),
      });
      next.push({ definition: built.definition, handler });
    }
    for (const name of config.tools ?? []) {
      if (!offered.has(name)) skipped.set(name, 'the tools allow list names it, but the server does not offer it');
    }
    for (const name of Object.keys(config.paths ?? {})) {
      if (!offered.has(name)) skipped.set(name, 'the paths config names it, but the server does not offer it');
    }
    for (const [tool, reason] of skipped) {
      const key = `${tool}\n${reason}`;
      if (this.#warned.has(key)) continue;
      this.#warned.add(key);
      this.#emit('warning', `The MCP server ${config.name}'s tool '${tool}' is left out: ${reason}.`);
    }
    this.#tools = Object.freeze(next);
    this.#skipped = skipped;
  }

  #unavailable(): ToolError {
    const { name } = this.config;
    if (this.#state === 'connecting') {
      return new ToolError('unavailable', `The MCP server ${name} is still connecting; try again in a moment.`);
    }
    const wait = seconds(this.#backoff.left());
    return new ToolError(
      'unavailable',
      `The MCP server ${name} is down (${this.#lastError ?? 'no reason known'}); it reconnects by itself, the next attempt in ${wait}. Try again later.`,
    );
  }

  #describe(): string {
    const { config } = this;
    if (config.transport === 'http') return `http: ${config.url}`;
    const sandbox = config.sandbox === false ? ', outside the OS sandbox' : '';
    return `stdio: ${[config.command, ...(config.args ?? [])].join(' ')}${sandbox}`;
  }

  #notify(): void {
    for (const listener of this.#listeners) listener();
  }

  #emit(state: SourceState, message: string): void {
    emitSourceEvent(this.#host, this.id, state, message);
  }
}
