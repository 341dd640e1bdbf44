import { AsyncLocalStorage } from 'node:async_hooks';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  type CallToolRequest,
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  type Implementation,
  ListToolsRequestSchema,
  type LoggingLevel,
  McpError,
  type RequestId,
  type ServerNotification,
  type ServerRequest,
  SetLevelRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { Cell } from '../../engine/cell.js';
import type { Run } from '../../engine/run.js';
import type { CallOptions } from '../../pipeline/call-options.js';
import { callResult, failure } from './call-result.js';
import { ElicitationHuman } from './elicitation-human.js';
import { listingFingerprint, type ToolListing, toolListing } from './tool-listing.js';

/** How often a session looks whether the cell's tools changed, besides when a source says so. */
const WATCH_MS = 1000;

/** The MCP log levels, least severe first. */
const LOG_LEVELS: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

/** What one session serves and as whom. */
export interface McpSessionSettings {
  readonly cell: Cell;
  /** The actor of every call; absent: the client's name from `initialize`. */
  readonly actor: string | undefined;
  /** The run's session id: session approvals and tool state belong to it. */
  readonly sessionId: string;
  /** Which tools to offer (the run's whitelist); absent: every tool the cell offers. */
  readonly tools: readonly string[] | undefined;
  readonly serverInfo: Implementation;
  readonly instructions: string | undefined;
  /** How long a person has to answer an approval or a question. */
  readonly humanTimeoutMs: number;
}

/**
 * One MCP session: an SDK `Server` whose `tools/list` is the tools of one run of the cell and whose
 * `tools/call` walks that run's pipeline, with the client as the actor. The run is opened on the first
 * request after `initialize` (the client's name is known then), so one session is one CycleDetector
 * and one set of session approvals. Progress reaches the client when the request carries a progress
 * token, log lines as `notifications/message` (from `info` unless the client sets a level), a
 * cancelled request cancels its call, and `notifications/tools/list_changed` follows the cell's tools.
 */
export class McpSession {
  readonly server: Server;
  readonly #settings: McpSessionSettings;
  readonly #requests = new AsyncLocalStorage<RequestId>();
  readonly #closed = new AbortController();
  readonly #stopWatching: () => void;
  #run: Run | undefined;
  #listing: ToolListing | undefined;
  /** The fingerprint of the tools the client was last told about; undefined until it lists them. */
  #told: string | undefined;
  #logLevel: LoggingLevel = 'info';

  constructor(settings: McpSessionSettings) {
    this.#settings = settings;
    this.server = new Server(settings.serverInfo, {
      capabilities: { tools: { listChanged: true }, logging: {} },
      ...(settings.instructions === undefined ? {} : { instructions: settings.instructions }),
    });
    this.server.setRequestHandler(ListToolsRequestSchema, () => {
      const listing = this.#currentListing();
      this.#told = listing.fingerprint;
      return { tools: listing.tools.map((tool) => tool.entry) };
    });
    this.server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
      this.#requests.run(extra.requestId, () => this.#call(request.params, extra)),
    );
    this.server.setRequestHandler(SetLevelRequestSchema, (request) => {
      this.#logLevel = request.params.level;
      return {};
    });
    const unsubscribe = settings.cell.onEvent((event) => {
      if (event.kind === 'source') this.#checkTools();
    });
    const timer = setInterval(() => this.#checkTools(), WATCH_MS);
    timer.unref();
    this.#stopWatching = () => {
      clearInterval(timer);
      unsubscribe();
    };
  }

  /** Cancels the calls under way and closes the SDK server (and with it the transport). */
  async close(): Promise<void> {
    if (this.#closed.signal.aborted) return;
    this.#closed.abort();
    this.#stopWatching();
    await this.server.close().catch(() => {});
  }

  /** The session's run, opened on first use. Throws an `McpError` when the cell cannot open one. */
  #openRun(): Run {
    if (this.#run !== undefined) return this.#run;
    const { cell, actor, sessionId, tools, humanTimeoutMs } = this.#settings;
    const human = new ElicitationHuman({
      server: this.server,
      relatedRequest: () => this.#requests.getStore(),
      timeoutMs: humanTimeoutMs,
    });
    try {
      this.#run = cell.run({
        actor: actor ?? this.server.getClientVersion()?.name ?? 'mcp-client',
        sessionId,
        human,
        ...(tools === undefined ? {} : { agent: { tools } }),
      });
    } catch (error) {
      throw new McpError(ErrorCode.InternalError, `the tools cannot be served: ${(error as Error).message}`);
    }
    return this.#run;
  }

  #currentListing(): ToolListing {
    const definitions = this.#openRun().tools();
    const fingerprint = listingFingerprint(definitions);
    if (this.#listing?.fingerprint !== fingerprint) this.#listing = toolListing(this.#settings.cell, definitions);
    return this.#listing;
  }

  /** Tells the client when the tools it listed are no longer the run's. */
  #checkTools(): void {
    if (this.#told === undefined || this.#run === undefined || this.#closed.signal.aborted) return;
    const fingerprint = listingFingerprint(this.#run.tools());
    if (fingerprint === this.#told) return;
    this.#told = fingerprint;
    this.server.sendToolListChanged().catch(() => {});
  }

  async #call(
    params: CallToolRequest['params'],
    extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
  ): Promise<CallToolResult> {
    let run: Run;
    let listing: ToolListing;
    try {
      run = this.#openRun();
      listing = this.#currentListing();
    } catch (error) {
      return failure((error as Error).message, 'unavailable');
    }
    const { name } = params;
    const listed = listing.tools.find((tool) => tool.entry.name === name);
    const progressToken = params._meta?.progressToken;
    const notify = (notification: ServerNotification) => extra.sendNotification(notification).catch(() => {});
    let lastProgress = Number.NEGATIVE_INFINITY;
    const options: CallOptions = {
      dialect: 'mcp',
      // Aborted by the client's `notifications/cancelled`, and by the SDK for every request under way
      // when the session closes.
      signal: extra.signal,
      onProgress: (update) => {
        // MCP wants every notification of a request to say more than the one before.
        if (progressToken === undefined || !(update.progress > lastProgress)) return;
        lastProgress = update.progress;
        void notify({
          method: 'notifications/progress',
          params: {
            progressToken,
            progress: update.progress,
            ...(update.total === undefined ? {} : { total: update.total }),
            ...(update.message === undefined ? {} : { message: update.message }),
          },
        });
      },
      onLog: (level, message, data) => {
        const mcpLevel: LoggingLevel = level === 'warn' ? 'warning' : level;
        if (LOG_LEVELS.indexOf(mcpLevel) < LOG_LEVELS.indexOf(this.#logLevel)) return;
        void notify({
          method: 'notifications/message',
          params: { level: mcpLevel, logger: name, data: data === undefined ? message : { message, data } },
        });
      },
    };
    const result = await run.call(name, params.arguments ?? {}, options);
    return callResult(name, result, listed?.structured);
  }
}
