import type {
  ToolAgents,
  ToolCategory,
  ToolContext,
  ToolError,
  ToolHuman,
  ToolLogger,
  ToolProgress,
  ToolSandbox,
  ToolSession,
} from '@wesgine/schema';
import type { RegisteredTool } from '../registry/registered-tool.js';
import { CallLogger, type LogLevel } from './call-logger.js';
import type { CallOptions } from './call-options.js';
import type { CallScope } from './call-scope.js';
import { checkUrl } from './check-url.js';
import { cut } from './event-message.js';
import { ignoreRejection } from './ignore-rejection.js';
import { mayRead } from './may-read.js';

/**
 * Step 5: the `ToolContext` a handler receives. One object per call, built without copies; its abort
 * signal and its logger are made only when the handler reads them (most never do), the signal already
 * aborted if the call was stopped before that. `progress` and `log` reach the cell's listeners
 * (`cell.onEvent`) and the call's own (`CallOptions.onProgress`, `onLog`) until the call ends.
 */
export class HandlerContext implements ToolContext {
  readonly cellId: string;
  readonly runId: string;
  readonly sessionId: string | undefined;
  readonly agentId: string | undefined;
  readonly actor: string | undefined;
  readonly workDir: string;
  readonly allowPaths: readonly string[];
  readonly denyPaths: readonly string[];
  readonly resolvedPaths: ReadonlyMap<string, string>;
  readonly dataDir: string;
  readonly session: ToolSession;
  readonly human: ToolHuman | undefined;
  readonly agents: ToolAgents | undefined;
  /** The call's id, on each of its audit, progress and log events. */
  readonly callId: string;
  readonly #scope: CallScope;
  readonly #tool: RegisteredTool;
  readonly #category: ToolCategory;
  /** The caller's listeners; let go of once the call ends, so a context kept by a handler keeps none of them. */
  #options: CallOptions;
  #controller: AbortController | undefined;
  #log: ToolLogger | undefined;
  #ended = false;
  /** Its listeners are being told an update or a line now. */
  #telling = false;
  #sandbox: ToolSandbox | undefined;
  #stoppedBy: ToolError | undefined;
  #onStop: ((reason: ToolError) => void) | undefined;

  constructor(
    scope: CallScope,
    tool: RegisteredTool,
    category: ToolCategory,
    resolvedPaths: ReadonlyMap<string, string>,
    callId: string,
    options: CallOptions,
  ) {
    const { ids, roots, services } = scope;
    this.cellId = ids.cellId;
    this.runId = ids.runId;
    this.sessionId = ids.sessionId;
    this.agentId = ids.agentId;
    this.actor = ids.actor;
    this.workDir = roots.workDir;
    this.allowPaths = roots.allowPaths;
    this.denyPaths = roots.denyPaths;
    this.resolvedPaths = resolvedPaths;
    this.dataDir = services.dataDir;
    this.session = services.session;
    this.human = services.human?.(tool.definition.name);
    this.agents = services.agents;
    this.callId = callId;
    this.#scope = scope;
    this.#tool = tool;
    this.#category = category;
    this.#options = options;
  }

  /** Made when the handler first asks for it. */
  get log(): ToolLogger {
    if (this.#log === undefined)
      this.#log = new CallLogger((level, message, data) => this.#emitLog(level, message, data));
    return this.#log;
  }

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#stoppedBy !== undefined) this.#controller.abort(this.#stoppedBy);
    }
    return this.#controller.signal;
  }

  /** Made when the handler first asks for it: most handlers start no program. */
  get sandbox(): ToolSandbox {
    if (this.#sandbox === undefined) {
      const scope = this.#scope;
      const tool = this.#tool.definition.name;
      this.#sandbox = scope.services.sandbox.forCall({
        tool,
        roots: scope.preparedRoots,
        writable: this.#category === 'action',
        zone: scope.zone,
        policy: scope.policy,
        workDir: scope.roots.workDir,
        ...(scope.zone?.allowsHosts(tool) === true ? { checkUrl: (url: string) => this.checkUrl(url) } : {}),
      });
    }
    return this.#sandbox;
  }

  checkUrl(url: string): Promise<string | undefined> {
    return checkUrl(this.#scope, this.#tool.definition.name, this.#category, url);
  }

  mayRead(realPath: string): boolean {
    return mayRead(this.#scope, this.#tool.definition.name, this.#category, realPath);
  }

  /**
   * A progress update of the call; one that is not an object with a finite `progress` of 0 or more is
   * dropped, and so is one made from inside a listener of the call's updates (it would tell itself again).
   */
  progress(update: ToolProgress): void {
    if (this.#ended || this.#telling) return;
    const { events } = this.#scope;
    const { onProgress } = this.#options;
    if (onProgress === undefined && !events.listened) return;
    const checked = progressOf(update);
    if (checked === undefined) return;
    this.#telling = true;
    try {
      if (onProgress !== undefined) {
        try {
          ignoreRejection(onProgress(checked));
        } catch {}
      }
      if (events.listened) events.emit({ kind: 'progress', ...this.#origin(), ...checked });
    } finally {
      this.#telling = false;
    }
  }

  /** The call timed out or was cancelled: the handler's signal fires with the reason. */
  stop(reason: ToolError): void {
    this.#stoppedBy = reason;
    this.end();
    this.#controller?.abort(reason);
    const listener = this.#onStop;
    this.#onStop = undefined;
    listener?.(reason);
  }

  /**
   * For the runtime's own handlers (not part of `ToolContext`): `listener` hears the reason when the call
   * is stopped (at once if it already was), without the cost of an `AbortController` per call. One
   * listener per call; a second replaces the first.
   */
  onStop(listener: (reason: ToolError) => void): void {
    if (this.#stoppedBy !== undefined) listener(this.#stoppedBy);
    else this.#onStop = listener;
  }

  /** The call has its result: progress and log lines after this are dropped. */
  end(): void {
    this.#ended = true;
    this.#options = ENDED;
  }

  #emitLog(level: LogLevel, given: string, data: unknown): void {
    if (this.#ended || this.#telling) return;
    const { events } = this.#scope;
    const { onLog } = this.#options;
    if (onLog === undefined && !events.listened) return;
    const message = cut(given);
    this.#telling = true;
    try {
      if (onLog !== undefined) {
        try {
          ignoreRejection(data === undefined ? onLog(level, message) : onLog(level, message, data));
        } catch {}
      }
      if (events.listened) {
        events.emit({ kind: 'log', level, message, ...(data === undefined ? {} : { data }), ...this.#origin() });
      }
    } finally {
      this.#telling = false;
    }
  }

  #origin() {
    const { ids } = this.#scope;
    return {
      cellId: ids.cellId,
      runId: ids.runId,
      sessionId: ids.sessionId,
      actor: ids.actor,
      tool: this.#tool.definition.name,
      callId: this.callId,
    };
  }
}

const ENDED: CallOptions = Object.freeze({});

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** The update as a clean `ToolProgress`, or undefined when its `progress` is no count (a bad `total` or `message` is left out). */
function progressOf(update: unknown): ToolProgress | undefined {
  try {
    if (typeof update !== 'object' || update === null) return undefined;
    const { progress, total, message } = update as { progress?: unknown; total?: unknown; message?: unknown };
    if (!isCount(progress)) return undefined;
    return {
      progress,
      ...(isCount(total) ? { total } : {}),
      ...(typeof message === 'string' ? { message: cut(message) } : {}),
    };
  } catch {
    // A getter that throws, a revoked Proxy: the update is dropped.
    return undefined;
  }
}
