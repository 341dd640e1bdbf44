import { canonicalJson } from '../../cycle/canonical-json.js';
import type { ToolSource } from '../../registry/tool-source.js';
import { checkMcpServerConfig, type McpServerConfig } from './mcp-server-config.js';
import { type McpHost, McpServerSource } from './mcp-server-source.js';
import type { McpServerStatus } from './mcp-server-status.js';

/** A cell's MCP servers: `cell.mcps()`. */
export interface CellMcps {
  /**
   * Adds a server, or changes one: the same config again changes nothing, a changed one reconnects.
   * Resolves when the first attempt is over, with the server's entry (`ready`, or `down` with its
   * `lastError` while it retries with backoff); rejects, changing nothing, for a config that is wrong.
   */
  upsert(config: McpServerConfig): Promise<McpServerStatus>;
  /** Removes a server and its tools, stopping its process; false when there is none of that name. */
  deregister(name: string): Promise<boolean>;
  /** Every server with its state, tools, server info and instructions, in the order they were added. */
  list(): McpServerStatus[];
}

/** The cell's view this needs: its id, events and spec, and its sources to attach servers to. */
export interface McpCell extends McpHost {
  sources(): {
    add(source: ToolSource): void;
    remove(id: string): Promise<boolean>;
    conflicts(): ReadonlyMap<string, string>;
  };
}

/**
 * The MCP servers of one cell, each a `ToolSource` (`mcp:<name>`) of `cell.sources()`. Changes to one
 * name happen one after another, so two upserts of the same server never race.
 */
export class McpServers implements CellMcps {
  readonly #cell: McpCell;
  readonly #servers = new Map<string, { readonly source: McpServerSource; readonly key: string }>();
  readonly #queues = new Map<string, Promise<unknown>>();
  /** Servers stopped by a later change of their name before their first attempt was over. */
  readonly #superseded = new WeakSet<McpServerSource>();
  #stopped = false;

  constructor(cell: McpCell) {
    this.#cell = cell;
  }

  async upsert(given: McpServerConfig): Promise<McpServerStatus> {
    const config = checkMcpServerConfig(given, this.#cell.spec.workDir);
    const key = canonicalJson(config);
    const current = this.#servers.get(config.name);
    const stopping = current === undefined || current.key === key ? undefined : this.#stopNow(current.source);
    const made = await this.#serially(config.name, async () => {
      await stopping;
      if (this.#stopped) throw new Error('the cell is stopped; it takes no more MCP servers');
      const existing = this.#servers.get(config.name);
      if (existing?.key === key) return { source: existing.source, status: this.#status(existing.source) };
      if (existing !== undefined) {
        this.#servers.delete(config.name);
        await this.#cell.sources().remove(existing.source.id);
      }
      const source = new McpServerSource(this.#cell, config);
      // Added before it connects, with no tools yet: a source id in use is refused before anything starts.
      this.#cell.sources().add(source);
      this.#servers.set(config.name, { source, key });
      await source.start();
      return { source, status: this.#status(source) };
    });
    if (!this.#superseded.has(made.source)) return made.status;
    // A later change of the name stopped this one: what the name has once that change is over is the answer.
    await this.#queues.get(config.name);
    const now = this.#servers.get(config.name);
    return now === undefined ? made.status : this.#status(now.source);
  }

  async deregister(name: string): Promise<boolean> {
    if (typeof name !== 'string') return false;
    const current = this.#servers.get(name);
    const stopping = current === undefined ? undefined : this.#stopNow(current.source);
    return this.#serially(name, async () => {
      await stopping;
      const existing = this.#servers.get(name);
      if (existing === undefined) return false;
      this.#servers.delete(name);
      await this.#cell.sources().remove(existing.source.id);
      return true;
    });
  }

  list(): McpServerStatus[] {
    return [...this.#servers.values()].map(({ source }) => this.#status(source));
  }

  /** Refuses new servers; the cell's sources close the ones it has. */
  stop(): void {
    this.#stopped = true;
    this.#servers.clear();
  }

  /** The source's own entry, less the tools the cell left out because another tool has their name. */
  #status(source: McpServerSource): McpServerStatus {
    const status = source.status();
    const conflicts = this.#cell.sources().conflicts();
    const clashing = status.tools.filter((name) => conflicts.get(name) === source.id);
    if (clashing.length === 0) return status;
    return {
      ...status,
      tools: status.tools.filter((name) => !clashing.includes(name)),
      skipped: [
        ...status.skipped,
        ...clashing.map((tool) => ({ tool, reason: 'another tool of the cell has its name' })),
      ],
    };
  }

  /**
   * Stops a server that is about to be removed or replaced before the change's turn comes: the change
   * waits for the one before it, and a server that never answers keeps its first attempt going until the
   * handshake's time limit (30 s). Closing ends that attempt now; the removal then finds it closed.
   */
  #stopNow(source: McpServerSource): Promise<void> {
    this.#superseded.add(source);
    return source.close().catch(() => {});
  }

  #serially<T>(name: string, work: () => Promise<T>): Promise<T> {
    const before = this.#queues.get(name) ?? Promise.resolve();
    const next = before.then(work, work);
    const settled = next.catch(() => {});
    this.#queues.set(name, settled);
    void settled.then(() => {
      if (this.#queues.get(name) === settled) this.#queues.delete(name);
    });
    return next;
  }
}
