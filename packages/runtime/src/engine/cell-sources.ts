import { toolNameProblem } from '@wesgine/schema';
import { type RegisteredTool, registerTool } from '../registry/registered-tool.js';
import type { SourcedTool, ToolSource } from '../registry/tool-source.js';

/** What the cell's other tools are named: a source's tool may take none of these names. */
export type NameTaken = (name: string) => string | undefined;

/** A source's id: its kind, `:` and a name (`mcp:github`, `plugin:lint`, `adapter:email`). */
const SOURCE_ID = /^[a-z][a-z0-9-]*:[A-Za-z0-9._-]{1,128}$/;

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
  /** Sources being read now, and those that said their list changed while being read. */
  readonly #refreshing = new Set<string>();
  readonly #again = new Set<string>();
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
    if (!SOURCE_ID.test(source.id)) {
      // Zone rules name sources (`mcp:fs`) and their tools (`mcp:fs/read_file`): an id with `/` or `*`
      // in it could pass for another source's tool, or a glob.
      throw new Error(
        `a tool source's id is its kind, ':' and a name of letters, digits, '.', '_' and '-' (such as 'mcp:github'), not ${JSON.stringify(source.id)}`,
      );
    }
    if (source.id.slice(0, source.id.indexOf(':')) !== source.kind) {
      // Zone rules trust `mcp:fs` as an MCP server: a plugin may not take that id.
      throw new Error(
        `the source '${source.id}' is of kind '${String(source.kind)}', so its id must start with '${String(source.kind)}:'`,
      );
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
    attached.unsubscribe?.();
    this.#retry(new Set(attached.tools.keys()));
    await attached.source.close?.();
    return true;
  }

  /** The ids of the attached sources, in the order they were added. */
  ids(): string[] {
    return [...this.#attached.keys()];
  }

  /**
   * Tools left out because their name was taken: name -> the id of the source that offers it (of several
   * waiting for one name, the first added, which gets it once it is free).
   */
  conflicts(): ReadonlyMap<string, string> {
    const waiting = new Map<string, string>();
    for (const [id, attached] of this.#attached) {
      for (const name of attached.skipped) if (!waiting.has(name)) waiting.set(name, id);
    }
    return waiting;
  }

  /** A name the cell's other tools gave up (an SDK tool unregistered): a source waiting for it gets it. */
  freed(name: string): void {
    this.#retry(new Set([name]));
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

  /**
   * Reads a source's list again. A source that says its list changed while it is read (from inside
   * `tools()`) is read once more afterwards, not from inside. Warnings go out once the new list is in
   * place, so a listener sees the cell as it now is (and may remove the source).
   */
  #refresh(id: string): void {
    if (this.#refreshing.has(id)) {
      this.#again.add(id);
      return;
    }
    this.#refreshing.add(id);
    const notes: string[] = [];
    let freed: ReadonlySet<string> = new Set();
    try {
      freed = this.#relist(id, notes);
      if (this.#again.delete(id)) freed = new Set([...freed, ...this.#relist(id, notes)]);
    } finally {
      this.#refreshing.delete(id);
      this.#again.delete(id);
    }
    for (const note of notes) this.#warn(id, note);
    this.#retry(freed);
  }

  /** One reading of a source's list; returns the names it gave up. */
  #relist(id: string, notes: string[]): ReadonlySet<string> {
    const attached = this.#attached.get(id);
    if (attached === undefined) return new Set();
    const { source } = attached;
    let listed: readonly SourcedTool[];
    try {
      listed = source.tools();
      if (!Array.isArray(listed)) throw new Error(`it returned ${typeof listed}, not a list`);
    } catch (error) {
      // What it had stays registered: a source that fails to list once does not lose its tools.
      notes.push(`the tools of ${id} could not be listed, so the ones it had stay: ${messageOf(error)}`);
      return new Set();
    }
    // Removed while it listed (a `tools()` that removes its own source): nothing of it comes in.
    if (this.#attached.get(id) !== attached) return new Set();
    const before = new Set(attached.tools.keys());
    const wasSkipped = attached.skipped;
    for (const name of before) this.#byName.delete(name);
    const tools = new Map<string, RegisteredTool>();
    const skipped = new Set<string>();
    const origin = { sourceId: id, sandbox: source.sandbox === 'off' ? ('off' as const) : undefined };
    for (const offered of listed) {
      let name: unknown;
      let definition: SourcedTool['definition'];
      let handler: SourcedTool['handler'];
      try {
        ({ definition, handler } = offered);
        name = definition?.name;
      } catch (error) {
        // A getter that throws, a revoked Proxy: that tool is left out, the others come in.
        notes.push(`a tool of ${id} was left out: it cannot be read (${messageOf(error)})`);
        continue;
      }
      if (typeof name !== 'string' || typeof handler !== 'function') {
        notes.push(`a tool of ${id} was left out: it has no name or no handler`);
        continue;
      }
      // The rule every tool's name keeps: a source's tool named `mcp:fs/write_file` would pass for
      // another source's tool in Zone rules.
      const nameProblem = toolNameProblem(name);
      if (nameProblem !== undefined) {
        notes.push(`the tool '${name}' of ${id} was left out: ${nameProblem}`);
        continue;
      }
      const owner = tools.has(name) ? `another tool of ${id} (it offers the name twice)` : this.#owner(name);
      if (owner !== undefined) {
        skipped.add(name);
        if (!wasSkipped.has(name))
          notes.push(`the tool '${name}' of ${id} was left out: its name is taken by ${owner}`);
        continue;
      }
      try {
        tools.set(name, registerTool(definition, handler, source.kind, source.provenance, origin));
      } catch (error) {
        notes.push(`${messageOf(error)}; it was left out`);
      }
    }
    attached.tools = tools;
    attached.skipped = skipped;
    for (const [name, tool] of tools) this.#byName.set(name, tool);
    return new Set([...before].filter((name) => !tools.has(name)));
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
