import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AuditEvent, type Cell, type CellSpec, createEngine } from '@wesgine/runtime';
import { defineTool, defineToolPack, Type } from '@wesgine/schema';
import { cronAdapter } from './cron-adapter.js';

const tick = defineTool({
  name: 'tick',
  description: 'Appends a label to ticks.txt in the work folder.',
  parameters: Type.Object({ label: Type.String({ minLength: 1, maxLength: 40 }) }),
  meta: { category: 'action' },
});

const slow = defineTool({
  name: 'slow',
  description: 'Waits until cancelled or ms have passed, then appends its label.',
  parameters: Type.Object({ label: Type.String(), ms: Type.Integer({ minimum: 1 }) }),
  meta: { category: 'action' },
});

const peek = defineTool({
  name: 'peek',
  description: 'Says how many ticks there are.',
  parameters: Type.Object({}),
  meta: { readOnly: true },
});

/** Real tools with a real side effect (a file), so a test counts what ran. */
export const testPack = defineToolPack({
  name: 'cron-test-pack',
  version: '1.0.0',
  tools: [tick, slow, peek],
  handlers: {
    tick: (args, context) => {
      appendFileSync(join(context.workDir, 'ticks.txt'), `${args.label}\n`);
      return `ticked ${args.label}`;
    },
    slow: async (args, context) => {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, args.ms);
        context.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(context.signal.reason);
        });
      });
      appendFileSync(join(context.workDir, 'ticks.txt'), `${args.label}\n`);
      return `slept ${args.label}`;
    },
    peek: (_args, context) => `${ticks(context.workDir).length} ticks`,
  },
});

export const engine = createEngine({ tools: testPack, adapters: [cronAdapter] });

/** A work folder and a data folder, removed by `cleanup`. */
export function folders(): { workDir: string; dataDir: string; cleanup: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'cron-test-'));
  const workDir = join(root, 'work');
  const dataDir = join(root, 'data');
  mkdirSync(workDir, { recursive: true });
  return { workDir, dataDir, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** The labels ticked so far, in order. */
export function ticks(workDir: string): string[] {
  try {
    return readFileSync(join(workDir, 'ticks.txt'), 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

export function cronCell(spec: Omit<CellSpec, 'workDir'> & { workDir: string }): Cell {
  return engine.createCell({ cron: {}, ...spec });
}

/** Polls until `check` holds (or fails the test after `ms`). */
export async function waitFor(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`waited ${ms} ms in vain`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The audit events of a job's runs. */
export function jobEvents(cell: Cell, jobId: string): AuditEvent[] {
  return cell.auditLog().filter((event) => event.origin?.id === jobId);
}

/** An ISO date `ms` from now. */
export function inMs(ms: number): string {
  return new Date(Date.now() + ms).toISOString();
}

/** The job id in a `cron.schedule` answer. */
export function jobId(text: string): string {
  const id = /cron-[0-9a-f]{8}/.exec(text)?.[0];
  if (id === undefined) throw new Error(`no job id in: ${text}`);
  return id;
}
