import type { ToolSource } from '../registry/tool-source.js';
import { type PluginCell, PluginProcess } from './plugin-process.js';
import type { PluginSpec } from './plugin-spec.js';
import type { PluginStatus } from './plugin-status.js';

/** The plugins of a cell, as `cell.plugins()` offers them. */
export interface CellPlugins {
  /** Each plugin's state, tools, process and last error, in the order of `CellSpec.plugins`. */
  list(): PluginStatus[];
}

/**
 * Starts a cell's plugins, each a tool source added to the cell, and knows when they are ready. The
 * cell stops them when it stops (each is closed as one of its sources).
 */
export class PluginHost implements CellPlugins {
  readonly #plugins: readonly PluginProcess[];

  constructor(cell: PluginCell, specs: readonly PluginSpec[], add: (source: ToolSource) => void) {
    this.#plugins = specs.map((spec) => new PluginProcess(cell, spec));
    for (const plugin of this.#plugins) add(plugin);
  }

  /**
   * Starts each plugin on the next turn of the event loop, so the first `connecting` event reaches the
   * listeners the cell's creator subscribes right after creating it.
   */
  start(): void {
    if (this.#plugins.length === 0) return;
    setImmediate(() => {
      for (const plugin of this.#plugins) plugin.start();
    });
  }

  list(): PluginStatus[] {
    return this.#plugins.map((plugin) => plugin.status());
  }

  /**
   * Resolves when every plugin's first start succeeded; rejects with an Error naming each one that
   * failed and why (the others work, and the failed ones keep being restarted).
   */
  async ready(): Promise<void> {
    const outcomes = await Promise.all(this.#plugins.map((plugin) => plugin.firstStart));
    const failed = outcomes.flatMap((failure, index) =>
      failure === undefined ? [] : [`'${this.#plugins[index]?.status().name}' ${failure}`],
    );
    if (failed.length === 0) return;
    const of = `${failed.length} of ${this.#plugins.length} plugin${this.#plugins.length === 1 ? '' : 's'}`;
    throw new Error(`${of} did not start: ${failed.join('; ')}`);
  }
}
