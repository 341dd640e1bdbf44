import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './cli-harness.js';

// The README's "Your first tool pack", step by step: init, new, edit, gen, fill in the stub, call.
// The pack sits under test/.tmp so `@wesgine/schema` resolves through the repository's node_modules.

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
mkdirSync(join(repo, 'test/.tmp'), { recursive: true });
const parent = mkdtempSync(join(repo, 'test/.tmp/walkthrough-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const DEFINITION = `import { defineTool, Type } from '@wesgine/schema';

export default defineTool({
  name: 'notes.search',
  description: 'Search the notes by words in their text. Returns the best matches first.',
  parameters: Type.Object({
    query: Type.String({ minLength: 1, description: 'Words to look for.' }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, description: 'At most this many hits.' })),
  }),
  meta: { readOnly: true },
});
`;

const HANDLER = `import type { ToolHandler } from '@wesgine/schema';
import type { NotesSearchArgs } from '../../generated/types.gen.js';

export const notesSearch: ToolHandler<NotesSearchArgs> = async ({ query, limit = 10 }, context) => {
  // context.workDir, context.signal, context.log, context.progress(...)
  return \`no notes match "\${query}" (looked at up to \${limit})\`;
};
`;

describe('the README walkthrough', () => {
  const pack = join(parent, 'my-tools');

  it('init, new, gen, then call', async () => {
    expect((await runCli(parent, 'init', 'my-tools')).code).toBe(0);
    expect((await runCli(pack, 'new', 'notes.search')).code).toBe(0);
    writeFileSync(join(pack, 'tools/notes.search.tool.ts'), DEFINITION);

    expect(await runCli(pack, 'gen')).toMatchObject({
      code: 0,
      out: expect.stringContaining('new handler stub: src/handlers/notes.search.ts; fill it in'),
    });
    const stub = readFileSync(join(pack, 'src/handlers/notes.search.ts'), 'utf8');
    expect(stub).toContain('export const notesSearch: ToolHandler<NotesSearchArgs>');
    expect(await runCli(pack, 'call', 'notes.search', '{"query":"budget"}')).toEqual({
      code: 1,
      out: '',
      err: "error [not_implemented]: tool 'notes.search' is not implemented: write src/handlers/notes.search.ts",
    });

    writeFileSync(join(pack, 'src/handlers/notes.search.ts'), HANDLER);
    expect(await runCli(pack, 'call', 'notes.search', '{"query":"budget"}')).toEqual({
      code: 0,
      out: 'no notes match "budget" (looked at up to 10)',
      err: '',
    });
    expect(await runCli(pack, 'call', 'notes.search', '{"query":""}')).toEqual({
      code: 1,
      out: '',
      err: 'The arguments for `notes.search` are not valid (1 problem):\n- /query: must be at least 1 character long, got 0 characters',
    });
    expect(await runCli(pack, 'check')).toMatchObject({ code: 0 });
  });
});
