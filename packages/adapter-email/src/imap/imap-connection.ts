import type { MailServer } from '@wesgine/runtime';
import { ToolError } from '@wesgine/schema';
import { ImapFlow } from 'imapflow';
import { imapFailure } from './imap-failure.js';

/** How long an unused connection stays open before it is logged out (the next call opens another). */
const IDLE_MS = 60_000;

/**
 * The one IMAP connection of a cell, opened on first use and opened again after the server dropped it.
 * Calls share it; each waits for its own mailbox lock (imapflow queues the commands). An unused
 * connection is logged out after a minute, so an idle cell holds no socket; `close()` ends it for good.
 */
export class ImapConnection {
  readonly #server: MailServer;
  readonly #timeoutMs: number;
  readonly #maxMessageBytes: number;
  #client: ImapFlow | undefined;
  #connecting: Promise<ImapFlow> | undefined;
  #idle: NodeJS.Timeout | undefined;
  #users = 0;
  #closed = false;

  constructor(server: MailServer, timeoutMs: number, maxMessageBytes: number) {
    this.#server = server;
    this.#timeoutMs = timeoutMs;
    this.#maxMessageBytes = maxMessageBytes;
  }

  /**
   * Runs `work` with a logged-in client. Whatever fails comes out as a `ToolError` naming the server;
   * when `signal` aborts, the call stops waiting at once (the command finishes or fails on its own).
   */
  async use<T>(signal: AbortSignal, work: (client: ImapFlow) => Promise<T>): Promise<T> {
    if (this.#closed) throw new ToolError('unavailable', "the cell's email adapter is closed: the cell stopped");
    this.#users += 1;
    clearTimeout(this.#idle);
    try {
      const reused = this.#client?.usable === true;
      const client = await untilAborted(this.#connect(), signal);
      try {
        return await untilAborted(work(client), signal);
      } catch (error) {
        // A kept connection the server dropped meanwhile (a restart, an idle cut): once more on a new one.
        // The work only reads, so doing it again is safe.
        if (!reused || !dropped(error) || signal.aborted) throw error;
        if (this.#client === client) this.#client = undefined;
        client.close();
        return await untilAborted(work(await untilAborted(this.#connect(), signal)), signal);
      }
    } catch (error) {
      throw imapFailure(error, this.#server, this.#timeoutMs);
    } finally {
      this.#users -= 1;
      if (this.#users === 0 && !this.#closed) {
        this.#idle = setTimeout(() => void this.#drop(), IDLE_MS);
        this.#idle.unref();
      }
    }
  }

  /** Logs out and refuses further use. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#idle);
    const connecting = this.#connecting;
    await this.#drop();
    if (connecting !== undefined) {
      const late = await connecting.catch(() => undefined);
      late?.close();
    }
  }

  #connect(): Promise<ImapFlow> {
    const current = this.#client;
    if (current?.usable === true) return Promise.resolve(current);
    this.#connecting ??= this.#open().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  async #open(): Promise<ImapFlow> {
    const { host, port, secure = false, user = '', password = '' } = this.#server;
    const client = new ImapFlow({
      host,
      port,
      secure,
      auth: { user, pass: password },
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: this.#timeoutMs,
      greetingTimeout: this.#timeoutMs,
      socketTimeout: Math.max(this.#timeoutMs * 4, 60_000),
      // A server that announces a message larger than the adapter would take is cut off, not buffered.
      maxLiteralSize: this.#maxMessageBytes + 1024 * 1024,
      clientInfo: { name: 'wesgine' },
    });
    // Errors reach the calls that made them; a connection that dies is made again by the next call.
    client.on('error', () => {});
    client.on('close', () => {
      if (this.#client === client) this.#client = undefined;
    });
    try {
      await client.connect();
    } catch (error) {
      client.close();
      throw error;
    }
    if (this.#closed) {
      client.close();
      throw new ToolError('unavailable', "the cell's email adapter is closed: the cell stopped");
    }
    this.#client = client;
    return client;
  }

  /** Logs the connection out; a server that does not answer within a second is simply cut off. */
  async #drop(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    if (client === undefined) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, 1000);
      timer.unref();
    });
    await Promise.race([client.logout().catch(() => {}), late]);
    clearTimeout(timer);
    client.close();
  }
}

/** Whether an error says the connection is gone (rather than that a command failed on it). */
function dropped(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && DROPPED_CODES.has(code);
}

const DROPPED_CODES = new Set(['NoConnection', 'EConnectionClosed', 'ECONNRESET', 'EPIPE', 'StateLogout']);

/** `promise`, or an `aborted` ToolError as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(new ToolError('aborted', 'the call was cancelled'));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new ToolError('aborted', 'the call was cancelled'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
