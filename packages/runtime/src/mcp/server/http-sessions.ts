import { randomUUID } from 'node:crypto';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { ClientScope } from '../../http/client-scope.js';
import type { McpSession } from './mcp-session.js';

/** How often idle sessions are looked for. */
const SWEEP_MS = 60_000;

interface OpenSession {
  readonly session: McpSession;
  readonly transport: WebStandardStreamableHTTPServerTransport;
  /** The scope of the client that opened it: no other may use it. */
  readonly actor: string | undefined;
  lastUsed: number;
}

export interface HttpSessionSettings {
  /** Makes the MCP session for a new session id, as the client of `scope` opens it. */
  readonly open: (sessionId: string, scope: ClientScope) => McpSession;
  readonly maxSessions: number;
  readonly idleTimeoutMs: number;
  readonly bodyLimit: number;
}

/**
 * The Streamable HTTP sessions of one MCP endpoint: an `initialize` POST without `Mcp-Session-Id`
 * opens one (its own SDK server, transport and run); every later request names it. A session belongs
 * to the token that opened it: another client's requests get the same 404 as an unknown id. At most
 * `maxSessions` are open; one unused for `idleTimeoutMs` is closed; `DELETE` closes one at once.
 */
export class HttpSessions {
  readonly #settings: HttpSessionSettings;
  readonly #open = new Map<string, OpenSession>();
  readonly #sweep: ReturnType<typeof setInterval>;
  #closing = false;

  constructor(settings: HttpSessionSettings) {
    this.#settings = settings;
    this.#sweep = setInterval(() => this.#closeIdle(), Math.min(SWEEP_MS, settings.idleTimeoutMs));
    this.#sweep.unref();
  }

  get size(): number {
    return this.#open.size;
  }

  async handle(request: Request, scope: ClientScope): Promise<Response> {
    if (this.#closing) return rpcError(503, 'the MCP server is closing');
    const id = request.headers.get('mcp-session-id');
    if (id !== null) {
      const known = this.#open.get(id);
      if (known === undefined || known.actor !== scope.actor) {
        return rpcError(
          404,
          `there is no MCP session ${JSON.stringify(id)}: it ended or was never opened; start one with initialize`,
        );
      }
      known.lastUsed = Date.now();
      return known.transport.handleRequest(request);
    }
    if (request.method !== 'POST') {
      return rpcError(
        400,
        'the request names no session (no Mcp-Session-Id header); open one with an initialize POST first',
      );
    }
    if (this.#open.size >= this.#settings.maxSessions) {
      return rpcError(
        503,
        `${this.#settings.maxSessions} MCP sessions are open, the most this server keeps; close one (DELETE with its Mcp-Session-Id) and try again`,
      );
    }
    const sessionId = randomUUID();
    const session = this.#settings.open(sessionId, scope);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => sessionId,
      maxRequestBodySize: this.#settings.bodyLimit,
      onsessioninitialized: () => {
        this.#open.set(sessionId, { session, transport, actor: scope.actor, lastUsed: Date.now() });
      },
    });
    transport.onclose = () => {
      this.#open.delete(sessionId);
      void session.close();
    };
    await session.server.connect(transport);
    const response = await transport.handleRequest(request);
    // Anything but a good initialize opens nothing.
    if (transport.sessionId === undefined) await session.close();
    return response;
  }

  /** Closes every session (their calls are cancelled) and refuses new ones. */
  async closeAll(): Promise<void> {
    this.#closing = true;
    clearInterval(this.#sweep);
    const open = [...this.#open.values()];
    this.#open.clear();
    await Promise.all(open.map((entry) => entry.session.close()));
  }

  #closeIdle(): void {
    const oldest = Date.now() - this.#settings.idleTimeoutMs;
    for (const [id, entry] of this.#open) {
      if (entry.lastUsed >= oldest) continue;
      this.#open.delete(id);
      void entry.session.close();
    }
  }
}

/** A JSON-RPC error answer with no request id, as the SDK's transport gives them. */
function rpcError(status: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
