import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TObject } from '@wesgine/schema';
import { ApprovalQueue } from '../approval/approval-queue.js';
import type { AuditEvent } from '../pipeline/audit-event.js';
import { type AnyHandler, type RegisteredTool, registerTool } from '../registry/registered-tool.js';
import type { CellSpec } from './cell-spec.js';
import type { Engine } from './create-engine.js';
import { Run, type RunParams } from './run.js';
import { type SdkTool, sdkDefinition } from './sdk-tool.js';

/** How many audit events a cell keeps in memory; a consumer who needs them all passes `onAudit`. */
const AUDIT_KEPT = 1000;

/** The SDK-closure source of a cell: tools registered and unregistered while it lives. */
export interface CellTools {
  register<const TParameters extends TObject>(tool: SdkTool<TParameters>): void;
  unregister(name: string): boolean;
}

/**
 * A cell: the engine's tools plus what its consumer registers, one work folder and its governance. Runs
 * come from `cell.run(params)`; `cell.stop()` cancels them and refuses new ones.
 */
export class Cell {
  readonly id = randomUUID();
  readonly engine: Engine;
  readonly spec: CellSpec;
  readonly dataDir: string;
  readonly #tools = new Map<string, RegisteredTool>();
  readonly #disabled: ReadonlySet<string>;
  readonly #stopping = new AbortController();
  readonly #audit: AuditEvent[] = [];
  readonly #auditListeners = new Set<(event: AuditEvent) => void>();
  readonly #approvals = new ApprovalQueue();

  constructor(engine: Engine, spec: CellSpec) {
    if (typeof spec?.workDir !== 'string' || spec.workDir === '') throw new Error('a cell needs a workDir');
    if (spec.zone !== undefined) throw new Error('zone policies are not supported yet; leave CellSpec.zone unset');
    if (spec.plugins !== undefined) throw new Error('plugins are not supported yet; leave CellSpec.plugins unset');
    this.engine = engine;
    this.spec = { ...spec, workDir: resolve(spec.workDir) };
    this.#disabled = new Set(spec.disabledEngineSkills ?? []);
    this.dataDir = spec.dataDir ?? mkdtempSync(join(tmpdir(), 'wesgine-cell-'));
    mkdirSync(this.dataDir, { recursive: true });
  }

  tools(): CellTools {
    return {
      register: (tool) => {
        const definition = sdkDefinition(tool);
        if (this.engineTool(definition.name) !== undefined) {
          throw new Error(
            `'${definition.name}' is an engine tool; choose another name, or disable the engine's with disabledEngineSkills`,
          );
        }
        if (this.#tools.has(definition.name)) {
          throw new Error(`'${definition.name}' is registered already; unregister it first`);
        }
        this.#tools.set(
          definition.name,
          registerTool(definition, tool.handler as AnyHandler, 'sdk', `cell ${this.id}`),
        );
      },
      unregister: (name) => this.#tools.delete(name),
    };
  }

  /** An engine tool this cell offers (not disabled). */
  engineTool(name: string): RegisteredTool | undefined {
    return this.#disabled.has(name) ? undefined : this.engine.tools.get(name);
  }

  /** A tool registered on this cell. */
  cellTool(name: string): RegisteredTool | undefined {
    return this.#tools.get(name);
  }

  /** Every tool of the cell, engine's first; a run narrows and extends this. */
  allTools(): RegisteredTool[] {
    const engine = [...this.engine.tools.values()].filter((tool) => !this.#disabled.has(tool.definition.name));
    return [...engine, ...this.#tools.values()];
  }

  run(params: RunParams = {}): Run {
    if (this.#stopping.signal.aborted) throw new Error('the cell is stopped');
    return new Run(this, params, this.#stopping.signal, (event) => {
      this.#audit.push(event);
      // Trimmed in batches: one copy per thousand calls rather than one per call.
      if (this.#audit.length >= 2 * AUDIT_KEPT) this.#audit.splice(0, this.#audit.length - AUDIT_KEPT);
      this.spec.onAudit?.(event);
      for (const listener of this.#auditListeners) listener(event);
    });
  }

  /** The audit events of this cell's latest calls (up to 1,000), oldest first; `onAudit` sees them all. */
  auditLog(): readonly AuditEvent[] {
    return this.#audit.slice(-AUDIT_KEPT);
  }

  /** Calls `listener` with every audit event from now on; returns the function that stops it. */
  onAudit(listener: (event: AuditEvent) => void): () => void {
    this.#auditListeners.add(listener);
    return () => this.#auditListeners.delete(listener);
  }

  /**
   * The cell's approval queue: a human channel that parks questions until `decide` answers them. Pass it
   * as `human` to `cell.run` when the human answers from elsewhere (the HTTP API does).
   */
  approvals(): ApprovalQueue {
    return this.#approvals;
  }

  async stop(): Promise<void> {
    this.#stopping.abort();
  }
}
