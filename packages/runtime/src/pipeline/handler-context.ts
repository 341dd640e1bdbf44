import type {
  ToolAgents,
  ToolCategory,
  ToolContext,
  ToolError,
  ToolHuman,
  ToolLogger,
  ToolSandbox,
  ToolSession,
} from '@wesgine/schema';
import type { RegisteredTool } from '../registry/registered-tool.js';
import type { CallScope } from './call-scope.js';
import { checkUrl } from './check-url.js';
import { mayRead } from './may-read.js';

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
  readonly dataDir: string;
  readonly session: ToolSession;
  readonly human: ToolHuman | undefined;
  readonly agents: ToolAgents | undefined;
  readonly log: ToolLogger;
  readonly #scope: CallScope;
  readonly #tool: RegisteredTool;
  readonly #category: ToolCategory;
  #controller: AbortController | undefined;
  #sandbox: ToolSandbox | undefined;
  #stoppedBy: ToolError | undefined;

  constructor(
    scope: CallScope,
    tool: RegisteredTool,
    category: ToolCategory,
    resolvedPaths: ReadonlyMap<string, string>,
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
    this.log = scope.log;
    this.#scope = scope;
    this.#tool = tool;
    this.#category = category;
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

  progress(): void {}

  /** The call timed out or was cancelled: the handler's signal fires with the reason. */
  stop(reason: ToolError): void {
    this.#stoppedBy = reason;
    this.#controller?.abort(reason);
  }
}
