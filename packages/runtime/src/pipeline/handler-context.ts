import type { ToolContext, ToolError, ToolLogger } from '@wesgine/schema';
import type { CallScope } from './call-scope.js';

/**
 * Step 5: the `ToolContext` a handler receives. One object per call, built without copies; its abort
 * signal is made only when the handler reads it (most never do), already aborted if the call was
 * stopped before that.
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
  readonly log: ToolLogger;
  #controller: AbortController | undefined;
  #stoppedBy: ToolError | undefined;

  constructor(scope: CallScope, resolvedPaths: ReadonlyMap<string, string>) {
    const { ids, roots } = scope;
    this.cellId = ids.cellId;
    this.runId = ids.runId;
    this.sessionId = ids.sessionId;
    this.agentId = ids.agentId;
    this.actor = ids.actor;
    this.workDir = roots.workDir;
    this.allowPaths = roots.allowPaths;
    this.denyPaths = roots.denyPaths;
    this.resolvedPaths = resolvedPaths;
    this.log = scope.log;
  }

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#stoppedBy !== undefined) this.#controller.abort(this.#stoppedBy);
    }
    return this.#controller.signal;
  }

  progress(): void {}

  /** The call timed out or was cancelled: the handler's signal fires with the reason. */
  stop(reason: ToolError): void {
    this.#stoppedBy = reason;
    this.#controller?.abort(reason);
  }
}
