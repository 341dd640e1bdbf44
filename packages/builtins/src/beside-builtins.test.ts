import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@wesgine/runtime';
import { defineTool, defineToolPack, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { builtins } from './index.js';

// Your own pack beside the built-ins, as the README shows it: one engine, one naming rule, two provenances.

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const workDir = () => realpathSync(mkdtempSync(join(tmpdir(), 'wesgine-beside-')));

const shout = defineTool({
  name: 'shout',
  description: 'Say it louder.',
  parameters: Type.Object({ text: Type.String() }),
  meta: { readOnly: true },
});
const mine = defineToolPack({
  name: '@me/voice',
  version: '1.0.0',
  tools: [shout],
  handlers: { shout: ({ text }) => text.toUpperCase() },
});

describe('createEngine({ tools: [builtins, myPack] })', () => {
  it("calls both packs' tools and audits each with its own pack", async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'a.txt'), 'hello\n');
    const cell = createEngine({ tools: [builtins, mine] }).createCell({ workDir: dir });
    const run = cell.run();
    expect(run.tools().map((tool) => tool.name)).toContain('shout');
    expect(await run.call('shout', { text: 'hi' })).toEqual({ isError: false, text: 'HI' });
    expect((await run.call('read', { path: 'a.txt' })).text).toContain('hello');
    expect(cell.auditLog().map(({ tool, provenance }) => `${tool} ${provenance}`)).toEqual([
      'shout @me/voice@1.0.0',
      `read @wesgine/builtins@${version}`,
    ]);
  });

  it("refuses a pack tool named like a built-in's alias, naming both packs", () => {
    const search = defineTool({ name: 'search_files', description: 'Mine.', parameters: Type.Object({}) });
    const clash = defineToolPack({
      name: 'clash',
      version: '1.0.0',
      tools: [search],
      handlers: { search_files: () => '' },
    });
    expect(() => createEngine({ tools: [builtins, clash] })).toThrow(
      `the engine's packs name 'search_files' twice: an alias of 'grep' in @wesgine/builtins@${version} and a tool of clash@1.0.0; a name (or alias) belongs to one tool of the engine`,
    );
  });
});
