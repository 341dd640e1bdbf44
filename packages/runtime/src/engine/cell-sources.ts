import { type RegisteredTool, registerTool } from '../registry/registered-tool.js';
import type { SourcedTool, ToolSource } from '../registry/tool-source.js';

/** What the cell's other tools are named: a source's tool may take none of these names. */
export type NameTaken = (name: string) => string | undefined;

/** Says that a source's tool was left out, and why (the cell emits it as a `source` event, `warning`). */
export type SourceWarning = (sourceId: string, message: string) => void;

interface Attached {
  readonly source: ToolSource;
  tools: Map<string, RegisteredTool>;
  /** Its tools left out because their name was taken. */
  skipped: Set<string>;
  readonly unsubscribe: (() => void) | undefined;
}

/**
 * The cell's MCP, plugin and adapter sources. The naming rule is the cell's one rule: a name belongs to
 * one tool in a cell (engine, SDK closure or source); only a run's own tools may shadow, for that run.
 * A source's tool whose name is taken (when the source is added or its list changes) is left out, never
 * thrown: `conflicts()` lists it and a warning says who has the name. It comes in once the name is free
 * again (its holder removed, or its holder's list changed). A tool whose schema cannot be compiled is
 * left out with a warning too.
 */
export class CellSources {
  readonly #attached = new Map<string, Attached>();
  readonly #byName = new Map<string, RegisteredTool>();
  readonly #conflicts = new Map<string, string>();
  readonly #taken: NameTaken;
  readonly #warn: SourceWarning;
  #retrying = false;

  constructor(taken: NameTaken, warn: SourceWarning) {
    this.#taken = taken;
    this.#warn = warn;
  }

  /** Attaches a source and registers its tools; only a source id in use already is refused. */
  add(source: ToolSource): void {
    if (typeof source?.id !== 'string' || source.id === '') {
      throw new Error("a tool source needs an id such as 'mcp:github'");
    }
    if (typeof source.tools !== 'function') throw new Error(`the source '${source.id}' has no tools() function`);
    if (this.#attached.has(source.id)) throw new Error(`a source named '${source.id}' is attached already`);
    const attached: Attached = {
      source,
      tools: new Map(),
      skipped: new Set(),
      unsubscribe: source.onToolsChanged?.(() => this.#refresh(source.id)),
    };
    this.#attached.set(source.id, attached);
    this.#refresh(source.id);
  }

  async remove(id: string): Promise<boolean> {
    const attached = this.#attached.get(id);
    if (attached === undefined) return false;
    this.#attached.delete(id);
    for (const name of attached.tools.keys()) this.#byName.delete(name);
    for (const name of attached.skipped) if (this.#conflicts.get(name) === id) this.#conflicts.delete(name);
    attached.unsubscribe?.();
    this.#retry(new Set(attached.tools.keys()));
    await attached.source.close?.();
    return true;
  }

  /** The ids of the attached sources, in the order they were added. */
  ids(): string[] {
    return [...this.#attached.keys()];
  }

  /** Tools left out because their name was taken: name -> the id of the source that offers it. */
  conflicts(): ReadonlyMap<string, string> {
    return this.#conflicts;
  }

  get(name: string): RegisteredTool | undefined {
    return this.#byName.get(name);
  }

  all(): IterableIterator<RegisteredTool> {
    return this.#byName.values();
  }

  async closeAll(): Promise<void> {
    await Promise.allSettled(this.ids().map((id) => this.remove(id)));
  }

  #owner(name: string): string | undefined {
    const tool = this.#byName.get(name);
    return tool === undefined ? this.#taken(name) : `source ${tool.sourceId} (${tool.provenance})`;
  }

  #refresh(id: string): void {
    const attached = this.#attached.get(id);
    if (attached === undefined) return;
    const { source } = attached;
    let listed: readonly SourcedTool[];
    try {
      listed = source.tools();
      if (!Array.isArray(listed)) throw new Error(`it returned ${typeof listed}, not a list`);
    } catch (error) {
      // What it had stays registered: a source that fails to list once does not lose its tools.
      this.#warn(id, `the tools of ${id} could not be listed, so the ones it had stay: ${messageOf(error)}`);
      return;
    }
    const before = new Set(attached.tools.keys());
    const wasSkipped = attached.skipped;
    for (const name of before) this.#byName.delete(name);
    for (const name of wasSkipped) if (this.#conflicts.get(name) === id) this.#conflicts.delete(name);
    const tools = new Map<string, RegisteredTool>();
    const skipped = new Set<string>();
    const origin = { sourceId: id, sandbox: source.sandbox === 'off' ? ('off' as const) : undefined };
    for (const offered of listed) {
      const name: unknown = offered?.definition?.name;
      if (typeof name !== 'string' || typeof offered.handler !== 'function') {
        this.#warn(id, `a tool of ${id} was left out: it has no name or no handler`);
        continue;
      }
      const owner = tools.has(name) ? `another tool of ${id} (it offers the name twice)` : this.#owner(name);
      if (owner !== undefined) {
        skipped.add(name);
        this.#conflicts.set(name, id);
        if (!wasSkipped.has(name))
          this.#warn(id, `the tool '${name}' of ${id} was left out: its name is taken by ${owner}`);
        continue;
      }
      try {
        tools.set(name, registerTool(offered.definition, offered.handler, source.kind, source.provenance, origin));
      } catch (error) {
        this.#warn(id, `${messageOf(error)}; it was left out`);
      }
    }
    attached.tools = tools;
    attached.skipped = skipped;
    for (const [name, tool] of tools) this.#byName.set(name, tool);
    const freed = new Set([...before].filter((name) => !tools.has(name)));
    this.#retry(freed);
  }

  /** Names a source gave up: the sources that were refused one of them list their tools again. */
  #retry(freed: ReadonlySet<string>): void {
    // One level only: sources whose lists keep changing cannot pass names back and forth for ever.
    if (freed.size === 0 || this.#retrying) return;
    this.#retrying = true;
    try {
      for (const [id, attached] of this.#attached) {
        if ([...attached.skipped].some((name) => freed.has(name))) this.#refresh(id);
      }
    } finally {
      this.#retrying = false;
    }
  }
}

function messageOf(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'an error that cannot be read';
  }
}
