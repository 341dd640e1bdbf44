import { ToolError } from '@wesgine/schema';
import { JSON_RPC_CODES, type RequestId, type RpcError } from './plugin-protocol.js';

/** What the connection tells its owner. */
export interface RpcPeer {
  /** Sends one line (without its newline); returns false when the other side is not reading. */
  write(line: string): boolean;
  /** A notification (or an unexpected request) from the other side. */
  notification(method: string, params: unknown): void;
  /** The other side broke the protocol: the owner stops it. */
  violation(reason: string): void;
}

/** A request that failed with the other side's JSON-RPC error object. */
export class RpcFailure extends Error {
  readonly error: RpcError;

  constructor(error: RpcError) {
    super(error.message);
    this.name = 'RpcFailure';
    this.error = error;
  }
}

/**
 * One waiting request: its settle functions, and what cancels it (an abort listener on a signal, or the
 * pipeline's stop). One object per request; it is its own abort listener, so no closure is made for that.
 */
class Pending {
  resolve: (value: unknown) => void = noop;
  reject: (error: unknown) => void = noop;
  readonly #connection: RpcConnection;
  readonly #id: number;
  readonly #signal: AbortSignal | undefined;

  constructor(connection: RpcConnection, id: number, signal: AbortSignal | undefined) {
    this.#connection = connection;
    this.#id = id;
    this.#signal = signal;
  }

  /** The signal's abort listener. */
  handleEvent(): void {
    this.cancel(abortReason(this.#signal));
  }

  /** Cancels it with `reason` unless it is settled already: the other side hears `cancelledMethod`. */
  cancel(reason: ToolError): void {
    this.#connection.cancelRequest(this.#id, reason);
  }

  cleanup(): void {
    this.#signal?.removeEventListener('abort', this);
  }
}

function noop(): void {}

/** What the pipeline's context offers instead of a signal: one listener told the reason it was stopped. */
export interface StopSource {
  onStop(listener: (reason: ToolError) => void): void;
}

/** One request's options: a signal that cancels it (the plugin hears `notifications/cancelled`). */
export interface RequestOptions {
  readonly signal?: AbortSignal;
  /** Cancels it like `signal`, without an AbortSignal (the pipeline's `HandlerContext.onStop`). */
  readonly stop?: StopSource;
}

/**
 * The host's end of a JSON-RPC 2.0 conversation: numbered requests matched to their responses, in any
 * order and any number at once. A response to an id it does not wait for (a late answer to a cancelled
 * request) is dropped; a line that is not JSON-RPC 2.0 is a violation.
 */
export class RpcConnection {
  readonly #peer: RpcPeer;
  readonly #pending = new Map<RequestId, Pending>();
  readonly #cancelledMethod: string;
  #nextId = 1;
  #closedWith: ToolError | undefined;

  constructor(peer: RpcPeer, cancelledMethod: string) {
    this.#peer = peer;
    this.#cancelledMethod = cancelledMethod;
  }

  /** The id the next request gets (read it just before `request` to know that request's id). */
  get nextId(): number {
    return this.#nextId;
  }

  /** How many requests wait for an answer. */
  get pending(): number {
    return this.#pending.size;
  }

  request(method: string, params: unknown, options: RequestOptions = {}): Promise<unknown> {
    // The id is taken even when the request is refused, so `nextId` read before it is always its id.
    const id = this.#nextId++;
    if (this.#closedWith !== undefined) return Promise.reject(this.#closedWith);
    const { signal, stop } = options;
    if (signal?.aborted === true) return Promise.reject(abortReason(signal));
    const pending = new Pending(this, id, signal);
    const answer = new Promise<unknown>((resolve, reject) => {
      pending.resolve = resolve;
      pending.reject = reject;
    });
    this.#pending.set(id, pending);
    signal?.addEventListener('abort', pending, { once: true });
    if (!this.#peer.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }))) {
      this.#settle(id)?.reject(
        new ToolError('unavailable', 'the plugin is not reading its input; the request was not sent'),
      );
    } else if (stop !== undefined) {
      stop.onStop((reason) => pending.cancel(reason));
    }
    return answer;
  }

  /** Fails a waiting request with `reason` and tells the other side it was cancelled. */
  cancelRequest(id: number, reason: ToolError): void {
    const pending = this.#settle(id);
    if (pending === undefined) return;
    this.notify(this.#cancelledMethod, { requestId: id, reason: reason.message });
    pending.reject(reason);
  }

  notify(method: string, params: unknown): void {
    if (this.#closedWith === undefined) this.#peer.write(JSON.stringify({ jsonrpc: '2.0', method, params }));
  }

  /** Reads one line from the other side. */
  receive(line: string): void {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.#peer.violation(`wrote a line that is not JSON: ${preview(line)}`);
      return;
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      this.#peer.violation(`wrote a line that is not a JSON-RPC 2.0 message: ${preview(line)}`);
      return;
    }
    const record = message as Record<string, unknown>;
    if (record.jsonrpc !== '2.0') {
      this.#peer.violation(`wrote a message without "jsonrpc": "2.0": ${preview(line)}`);
      return;
    }
    if (typeof record.method === 'string') {
      if (record.id === undefined) this.#peer.notification(record.method, record.params);
      else this.#refuseRequest(record.id, record.method);
      return;
    }
    const { id } = record;
    if ((typeof id !== 'number' && typeof id !== 'string') || !('result' in record || 'error' in record)) {
      this.#peer.violation(`wrote a message that is neither a request nor a response: ${preview(line)}`);
      return;
    }
    const pending = this.#settle(id);
    if (pending === undefined) return;
    if ('error' in record) pending.reject(new RpcFailure(rpcError(record.error)));
    else pending.resolve(record.result);
  }

  /** Fails every waiting request with `error` and refuses new ones. */
  close(error: ToolError): void {
    this.#closedWith ??= error;
    for (const id of [...this.#pending.keys()]) this.#settle(id)?.reject(error);
  }

  #settle(id: RequestId): Pending | undefined {
    const pending = this.#pending.get(id);
    if (pending === undefined) return undefined;
    this.#pending.delete(id);
    pending.cleanup();
    return pending;
  }

  #refuseRequest(id: unknown, method: string): void {
    if (typeof id !== 'number' && typeof id !== 'string') return;
    const error = { code: JSON_RPC_CODES.methodNotFound, message: `the host answers no requests (got '${method}')` };
    this.#peer.write(JSON.stringify({ jsonrpc: '2.0', id, error }));
  }
}

/** The other side's error object, with a message even when it sent none. */
function rpcError(value: unknown): RpcError {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const code = typeof record.code === 'number' ? record.code : JSON_RPC_CODES.internalError;
  const message =
    typeof record.message === 'string' && record.message.trim() !== '' ? record.message : 'it failed without a message';
  return {
    code,
    message: message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}...` : message,
    data: record.data,
  };
}

const MAX_MESSAGE = 4000;
const PREVIEW = 120;

/** The start of a line, for a message. */
export function preview(line: string): string {
  const shown = line.length > PREVIEW ? `${line.slice(0, PREVIEW)}...` : line;
  return JSON.stringify(shown);
}

function abortReason(signal: AbortSignal | undefined): ToolError {
  const reason: unknown = signal?.reason;
  if (ToolError.isInstance(reason)) return reason;
  return new ToolError('aborted', 'the request was cancelled');
}
