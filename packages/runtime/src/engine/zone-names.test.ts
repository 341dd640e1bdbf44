import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineTool, Type } from '@wesgine/schema';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolSource } from '../registry/tool-source.js';
import { createEngine } from './create-engine.js';

const ZONE = `version: 1
zone: sources
rules:
  - id: fs-no-writes
    effect: deny
    tools: ['mcp:fs/write_file']
    reason: The files server may read but not write.
  - id: github-off
    effect: deny
    tools: ['mcp:github']
    reason: GitHub is off for this cell.
  - id: plugins-ask
    effect: ask
    tools: ['plugin:*']
    reason: A plugin's call needs a person.
`;

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function workDir(): string {
  const folder = realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-zone-names-')));
  folders.push(folder);
  return folder;
}

/** A source offering read-only and writing tools by name. */
function source(id: string, reads: string[], writes: string[] = []): ToolSource {
  const tool = (name: string, readOnly: boolean) => ({
    definition: defineTool({ name, description: `${name}.`, parameters: Type.Object({}), meta: { readOnly } }),
    handler: () => `${id} ran ${name}`,
  });
  return {
    kind: id.startsWith('plugin:') ? 'plugin' : 'mcp',
    id,
    provenance: `${id}@1.0.0`,
    tools: () => [...reads.map((name) => tool(name, true)), ...writes.map((name) => tool(name, false))],
  };
}

function cellWithZone() {
  const work = workDir();
  writeFileSync(join(work, 'zone.yaml'), ZONE);
  const cell = createEngine().createCell({ workDir: work, zone: 'zone.yaml' });
  cell.sources().add(source('mcp:fs', ['read_file'], ['write_file']));
  cell.sources().add(source('mcp:github', ['list_issues']));
  cell.sources().add(source('plugin:lint', ['lint']));
  cell.tools().register({
    name: 'note',
    description: 'Note.',
    parameters: Type.Object({}),
    meta: { readOnly: true },
    handler: () => 'noted',
  });
  return cell;
}

describe('zone rules that name a source', () => {
  it('govern a tool by its source, by source/tool and by a glob over sources', async () => {
    const cell = cellWithZone();
    const run = cell.run();
    expect(await run.call('read_file', {})).toEqual({ isError: false, text: 'mcp:fs ran read_file' });
    expect(await run.call('write_file', {})).toEqual({
      isError: true,
      code: 'zone_denied',
      text: "Not allowed by zone 'sources': The files server may read but not write.",
    });
    expect(await run.call('list_issues', {})).toEqual({
      isError: true,
      code: 'zone_denied',
      text: "Not allowed by zone 'sources': GitHub is off for this cell.",
    });
    expect(await run.call('lint', {})).toEqual({
      isError: true,
      code: 'approval_required',
      text: "This call needs a person's approval and no one is attached to this run to give it: A plugin's call needs a person.",
    });
    expect(await run.call('note', {})).toEqual({ isError: false, text: 'noted' });
    expect(cell.auditLog().map(({ tool, outcome, rule }) => [tool, outcome, rule])).toEqual([
      ['read_file', 'ok', undefined],
      ['write_file', 'zone_denied', 'fs-no-writes'],
      ['list_issues', 'zone_denied', 'github-off'],
      ['lint', 'approval_required', 'plugins-ask'],
      ['note', 'ok', undefined],
    ]);
  });

  it("apply in a run's own zone too, and not to a run's own tool that shadows a source's", async () => {
    const cell = cellWithZone();
    const narrowed = cell.run({
      zone: {
        version: 1,
        zone: 'no-mcp',
        rules: [{ id: 'mcp-off', effect: 'deny', tools: ['mcp:*'], reason: 'No MCP server in this run.' }],
      },
    });
    expect(await narrowed.call('read_file', {})).toMatchObject({
      code: 'zone_denied',
      text: "Not allowed by zone 'no-mcp': No MCP server in this run.",
    });
    expect(await narrowed.call('note', {})).toEqual({ isError: false, text: 'noted' });
    const shadowing = cell.run({
      tools: [
        {
          name: 'write_file',
          description: 'Own.',
          parameters: Type.Object({}),
          meta: { readOnly: true },
          handler: () => 'own',
        },
      ],
    });
    expect(await shadowing.call('write_file', {})).toEqual({ isError: false, text: 'own' });
  });
});
