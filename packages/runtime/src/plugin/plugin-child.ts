import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { type ToolContext, ToolError } from '@wesgine/schema';
import type { LaunchedServer } from '../sandbox/launch-server.js';
import { stopProcessGroup } from '../sandbox/process-group.js';
import { LineReader } from './line-reader.js';
import { MAX_LINE_BYTES, PLUGIN_METHODS } from './plugin-protocol.js';
import { RpcConnection } from './rpc-connection.js';

/** How much unread input a plugin may leave in its stdin pipe before requests are refused: 16 MiB. */
const MAX_INPUT_BACKLOG = 16 * 1024 * 1024;
/** How much of its stderr is kept for the message when it fails (the end of it). */
const STDERR_KEPT = 2000;
/** How long output may still arrive after the process exited (a last answer in the pipe). */
const DRAIN_MS = 100;

/** What one running plugin process tells its owner. */
export interface ChildEvents {
  notification(child: PluginChild, method: string, params: unknown): void;
  /** It broke the protocol, exited or could not be started: it is of no more use. */
  failed(child: PluginChild, reason: string): void;
}

/**
 * One start of a plugin: the process, its JSON-RPC connection and what it wrote on stderr. When it
 * fails (exit, garbage, a line past the cap) every waiting request fails with `unavailable` and the
 * reason, once; `kill` stops it and everything it started, whatever state it is in.
 */
export class PluginChild {
  readonly connection: RpcConnection;
  /** The contexts of its calls in flight, by request id: where its progress and log lines go. */
  readonly calls = new Map<number, ToolContext>();
  readonly sandboxed: boolean;
  /** Set once the child failed, with why. */
  failure: string | undefined;
  readonly #process: ChildProcess;
  readonly #launched: LaunchedServer;
  readonly #events: ChildEvents;
  readonly #exited: Promise<void>;
  readonly #label: string;
  #stderr = '';
  #killing: Promise<void> | undefined;
  /** Lines written this tick, sent together on the next one. */
  #queued = '';

  constructor(launched: LaunchedServer, label: string, events: ChildEvents) {
    this.#launched = launched;
    this.#events = events;
    this.#label = label;
    this.sandboxed = launched.sandboxed;
    this.#process = spawn(launched.command, [...launched.args], {
      cwd: launched.cwd,
      env: { ...launched.env },
      stdio: ['pipe', 'pipe', 'pipe'],
      // Its own process group, so stopping it stops what it started too.
      detached: true,
    });
    const child = this.#process;
    this.connection = new RpcConnection(
      {
        write: (line) => this.#write(line),
        notification: (method, params) => this.#events.notification(this, method, params),
        violation: (reason) => this.fail(reason),
      },
      PLUGIN_METHODS.cancelled,
    );
    const reader = new LineReader(
      {
        line: (line) => this.connection.receive(line),
        overflow: (bytes) => this.fail(`wrote a line of more than ${MAX_LINE_BYTES} bytes (${bytes} so far)`),
      },
      MAX_LINE_BYTES,
    );
    child.stdout?.on('data', (chunk: Buffer) => reader.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    // A closed pipe (the plugin exited) must not become an unhandled error of the host.
    child.stdin?.on('error', () => {});
    const ended = (stream: NodeJS.ReadableStream | null) =>
      new Promise<void>((resolve) => {
        if (stream === null) return resolve();
        stream.once('close', resolve);
        stream.once('error', resolve);
      });
    const outputEnded = Promise.all([ended(child.stdout), ended(child.stderr)]);
    this.#exited = new Promise((resolve) => {
      child.once('error', (error) => {
        this.fail(`could not be started (${error.message})`);
        resolve();
      });
      child.once('exit', (code, signal) => {
        // Its last answers may still be in the pipe: read them before failing what waits.
        void Promise.race([outputEnded, delay(DRAIN_MS)]).then(() => {
          reader.stop();
          this.fail(signal === null ? `exited with code ${code}` : `was ended by ${signal}`);
          resolve();
        });
      });
    });
  }

  /** The end of what it wrote on stderr, for people (never shown to the model). */
  get stderrTail(): string {
    return this.#stderr.trim().slice(-400);
  }

  get pid(): number | undefined {
    return this.#process.pid;
  }

  /** Resolves once the process started, rejects with the reason it could not. */
  async started(): Promise<void> {
    if (this.#process.pid !== undefined) return;
    await new Promise<void>((resolve, reject) => {
      this.#process.once('spawn', resolve);
      this.#exited.then(() => reject(new Error(this.failure ?? 'did not start')));
    });
  }

  /** Marks it failed (the first reason wins), fails its waiting requests and tells the owner. */
  fail(reason: string): void {
    if (this.failure !== undefined) return;
    this.failure = reason;
    this.connection.close(new ToolError('unavailable', `the plugin ${this.#label} ${reason}`));
    this.#events.failed(this, reason);
  }

  /**
   * Stops it: a `shutdown` request and closed stdin when `graceful` (it may exit on its own within
   * `graceMs`), then SIGTERM to its process group, then SIGKILL. Resolves when nothing of it is left.
   */
  kill(graceMs: number, graceful: boolean): Promise<void> {
    this.#killing ??= (async () => {
      if (graceful && this.failure === undefined) {
        await this.connection
          .request(PLUGIN_METHODS.shutdown, {}, { signal: AbortSignal.timeout(graceMs) })
          .catch(() => undefined);
        this.#process.stdin?.end();
        await Promise.race([this.#exited, delay(graceMs)]);
      }
      this.fail('was stopped');
      const { pid } = this.#process;
      if (pid !== undefined) await stopProcessGroup(pid, graceMs);
      await Promise.race([this.#exited, delay(graceMs)]);
      this.#process.stdout?.destroy();
      this.#process.stderr?.destroy();
      this.#process.stdin?.destroy();
      await this.#launched.close().catch(() => undefined);
    })();
    return this.#killing;
  }

  #write(line: string): boolean {
    const stdin = this.#process.stdin;
    if (stdin === null || !stdin.writable || stdin.writableLength + this.#queued.length > MAX_INPUT_BACKLOG)
      return false;
    // Lines written in one tick leave as one string in one write: many calls in flight cost one
    // conversion and one syscall, not one each.
    if (this.#queued === '') process.nextTick(this.#flush);
    this.#queued += `${line}\n`;
    return true;
  }

  readonly #flush = (): void => {
    const queued = this.#queued;
    this.#queued = '';
    const stdin = this.#process.stdin;
    if (stdin?.writable) stdin.write(queued);
  };
}
