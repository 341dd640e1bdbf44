import { type RegisteredTool, registerTool } from '../registry/registered-tool.js';
import type { ToolSource } from '../registry/tool-source.js';

/** What the cell's other tools are named: a source's tool may take none of these names. */
export type NameTaken = (name: string) => string | undefined;

interface Attached {
  readonly source: ToolSource;
  tools: Map<string, RegisteredTool>;
  readonly unsubscribe: (() => void) | undefined;
}

/**
 * The cell's MCP, plugin and adapter sources. The naming rule is the cell's one rule: a name belongs to
 * one tool in a cell (engine, SDK closure or source); only a run's own tools may shadow, for that run.
 * Adding a source whose tools take a name is refused, naming them; when a source's list changes later,
 * a tool whose name is taken is left out and listed by `conflicts()`.
 */
export class CellSources {
  readonly #attached = new Map<string, Attached>();
  readonly #byName = new Map<string, RegisteredTool>();
  readonly #conflicts = new Map<string, string>();
  readonly #taken: NameTaken;

  constructor(taken: NameTaken) {
    this.#taken = taken;
  }

  add(source: ToolSource): void {
    if (this.#attached.has(source.id)) throw new Error(`a source named '${source.id}' is attached already`);
    const clashes = source
      .tools()
      .map((tool) => tool.definition.name)
      .map((name) => [name, this.#owner(name)] as const)
      .filter(([, owner]) => owner !== undefined)
      .map(([name, owner]) => `'${name}' (taken by ${owner})`);
    if (clashes.length > 0) {
      throw new Error(`source '${source.id}' offers tools whose names are taken: ${clashes.join(', ')}`);
    }
    const attached: Attached = {
      source,
      tools: new Map(),
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
    for (const [name, owner] of this.#conflicts) if (owner === id) this.#conflicts.delete(name);
    attached.unsubscribe?.();
    await attached.source.close?.();
    return true;
  }

  /** The ids of the attached sources, in the order they were added. */
  ids(): string[] {
    return [...this.#attached.keys()];
  }

  /** Tools left out after a source's list changed (their name was taken): name -> the source's id. */
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
    return tool === undefined ? this.#taken(name) : `source ${tool.provenance}`;
  }

  #refresh(id: string): void {
    const attached = this.#attached.get(id);
    if (attached === undefined) return;
    for (const name of attached.tools.keys()) this.#byName.delete(name);
    for (const [name, owner] of this.#conflicts) if (owner === id) this.#conflicts.delete(name);
    const { source } = attached;
    const tools = new Map<string, RegisteredTool>();
    for (const { definition, handler } of source.tools()) {
      const owner = this.#owner(definition.name);
      if (owner !== undefined || tools.has(definition.name)) {
        this.#conflicts.set(definition.name, id);
        continue;
      }
      tools.set(definition.name, registerTool(definition, handler, source.kind, source.provenance));
    }
    attached.tools = tools;
    for (const [name, tool] of tools) this.#byName.set(name, tool);
  }
}
