import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineTool, defineToolPack, Path, ToolError, Type } from '@wesgine/schema';
import type { ApprovalRequest } from '../approval/approval-request.js';
import type { CellSpec } from '../engine/cell-spec.js';
import { createEngine } from '../engine/create-engine.js';

// A cell for the HTTP tests: one engine tool, three cell tools (one with a path parameter).

const look = defineTool({
  name: 'look',
  description: 'Look around.\n\nChanges nothing.',
  parameters: Type.Object({}),
  meta: { readOnly: true },
});
const pack = defineToolPack({ name: 'tier-e', version: '1.0.0', tools: [look], handlers: { look: () => 'looked' } });

export function fixtureCell(spec: Partial<CellSpec> = {}) {
  const workDir = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-http-')));
  writeFileSync(join(workDir, 'notes.md'), 'hello from the workdir');
  const cell = createEngine({ tools: pack }).createCell({ workDir, ...spec });
  cell.tools().register({
    name: 'add',
    description: 'Add two numbers.',
    parameters: Type.Object({ a: Type.Number({ description: 'The first.' }), b: Type.Number() }),
    handler: ({ a, b }) => ({ text: String(a + b), data: { sum: a + b } }),
  });
  cell.tools().register({
    name: 'read_note',
    description: 'Read a note.',
    parameters: Type.Object({ path: Path({ access: 'read', description: 'The note.' }) }),
    meta: { readOnly: true },
    handler: (_args, context) => readFileSync(context.resolvedPaths.get('/path') ?? '', 'utf8'),
  });
  cell.tools().register({
    name: 'delegate',
    description: 'Asks a tool that does not exist.',
    parameters: Type.Object({}),
    handler: () => {
      throw new ToolError('unknown_tool', "There is no tool named 'ghost'");
    },
  });
  return { cell, workDir };
}

/** A POST with a JSON body. */
export function postJson(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

/** A question as governance would put it to the cell's approval queue. */
export function question(id: string): ApprovalRequest {
  return {
    id,
    cellId: 'cell-1',
    runId: 'run-1',
    sessionId: 's1',
    actor: 'ann',
    agentId: undefined,
    tool: 'read_note',
    args: { path: '/etc/hosts' },
    question: 'May read_note read /etc/hosts, outside the work folder?',
    stage: 'sandbox',
    rule: undefined,
    requestedAt: '2025-01-01T00:00:00.000Z',
  };
}

/** Reads a server-sent event stream frame by frame (the text between blank lines). */
export function sseFrames(response: Response) {
  const reader = response.body?.getReader();
  if (reader === undefined) throw new Error('the response has no body');
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    /** The next frame, or undefined when the stream ended. */
    async next(): Promise<string | undefined> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          return frame;
        }
        const { done, value } = await reader.read();
        if (done) return undefined;
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

/** App options without authentication, for tests of the routes themselves. */
export const OPEN = { auth: 'none' } as const;
