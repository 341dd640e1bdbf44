import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '@wesgine/codegen/cli';
import { afterAll, describe, expect, it } from 'vitest';
import { copyExamplePack, readPackFile, removeCopies, writePackFile } from './codegen-harness.js';

afterAll(removeCopies);

interface TalkingRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
  /** The progress lines, as a terminal would show them. */
  readonly steps: readonly string[];
}

/** The CLI in this process with a terminal's `step` channel, so each run says what work it did. */
async function run(cwd: string, ...argv: string[]): Promise<TalkingRun> {
  const out: string[] = [];
  const err: string[] = [];
  const steps: string[] = [];
  const code = await main(argv, {
    cwd,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    step: (line) => steps.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n'), steps };
}

const CURRENT = '@wesgine/example-pack: generated files are current (.)';
const UNCHANGED = [
  'tool definitions and generated files unchanged since the last run',
  'no handler or generated type changed: nothing to type-check',
];
const STATE = 'node_modules/.cache/wesgine-tools';

/** A copy of the example pack after one `gen --force`, so its state is recorded. */
async function generatedPack(): Promise<string> {
  const pack = copyExamplePack();
  const gen = await run(pack, 'gen', '--force');
  expect(gen.steps).toEqual([
    'loading 4 tool definitions…',
    'no generated file changed',
    'type-checking 4 handlers and 3 generated files…',
  ]);
  return pack;
}

// Each case runs several full type checks of the example pack (seconds each on a busy machine).
describe('gen and check remember what passed (the pack state under node_modules/.cache)', { timeout: 180_000 }, () => {
  it('check of an unchanged pack loads nothing and type-checks nothing; gen skips', async () => {
    const pack = await generatedPack();
    expect(await run(pack, 'check')).toEqual({ code: 0, out: CURRENT, err: '', steps: UNCHANGED });
    expect(await run(pack, 'gen')).toEqual({
      code: 0,
      out: '@wesgine/example-pack: up to date (.)',
      err: '',
      steps: ['nothing changed since the last run'],
    });
  });

  it('an edit to one handler loads nothing and re-checks that handler and the table that imports it; a break fails', async () => {
    const pack = await generatedPack();
    const handler = readPackFile(pack, 'src/handlers/notes.read.ts');
    writePackFile(pack, 'src/handlers/notes.read.ts', `${handler}// reviewed\n`);
    expect(await run(pack, 'check')).toEqual({
      code: 0,
      out: CURRENT,
      err: '',
      steps: [UNCHANGED[0], 'type-checking 1 handler and 1 generated file…'],
    });
    expect((await run(pack, 'check')).steps).toEqual(UNCHANGED);

    writePackFile(pack, 'src/handlers/notes.read.ts', handler.replaceAll('args.path', 'args.note'));
    const message =
      "error: src/handlers/notes.read.ts (tool 'notes.read'): the handler of tool 'notes.read' no longer matches its types: Property 'note' does not exist on type 'NotesReadArgs'.";
    // The second time only the failing handler is checked again: the table passed with these very bytes.
    for (const checking of ['1 handler and 1 generated file', '1 handler']) {
      const checked = await run(pack, 'check');
      expect(checked.code).toBe(1);
      expect(checked.err.split('\n')[0]).toMatch(new RegExp(`^${literal(message)} \\(lines [\\d, ]+\\)$`));
      expect(checked.steps).toEqual([UNCHANGED[0], `type-checking ${checking}…`]);
    }
    const gen = await run(pack, 'gen');
    expect(gen.code).toBe(1);
    expect(gen.steps).toEqual([UNCHANGED[0], 'type-checking 1 handler…']);
    expect(gen.err).toMatch(new RegExp(`^${literal(message)} \\(lines [\\d, ]+\\)$`));
  });

  it('a change to a module a handler imports re-checks the handler, though no handler file changed', async () => {
    const pack = await generatedPack();
    const helper = readPackFile(pack, 'src/note-path.ts');
    writePackFile(
      pack,
      'src/note-path.ts',
      helper.replace('export async function notePath', 'async function notePath'),
    );
    const checked = await run(pack, 'check');
    expect(checked.code).toBe(1);
    expect(checked.steps[0]).toBe('tool definitions and generated files unchanged since the last run');
    expect(checked.steps[1]).toMatch(/^type-checking [2-4] handlers and 1 generated file…$/);
    expect(checked.err).toContain(
      "error: src/handlers/notes.read.ts (tool 'notes.read'): the handler of tool 'notes.read' no longer matches its types: Module '\"../note-path.js\"' declares 'notePath' locally, but it is not exported.",
    );
  });

  it('a deleted or corrupted state means a full check, never a pass on trust', async () => {
    const pack = await generatedPack();
    const handler = readPackFile(pack, 'src/handlers/notes.search.ts');
    for (const damage of ['delete', 'corrupt'] as const) {
      for (const file of ['state.json', 'typecheck.json', 'typecheck.tsbuildinfo']) {
        const path = join(pack, STATE, file);
        if (damage === 'delete') rmSync(path, { force: true });
        else writeFileSync(path, '{"format": "wesgine-tools type check 1", "files": {"src/handlers/notes.search');
      }
      expect(await run(pack, 'check')).toEqual({
        code: 0,
        out: CURRENT,
        err: '',
        steps: ['loading 4 tool definitions…', 'type-checking 4 handlers and 3 generated files…'],
      });
    }
    // The state a passing check recorded, with a handler broken behind its back and its fingerprint
    // copied from the passing run: the hash over the file's bytes no longer matches, so it is checked.
    const recorded = JSON.parse(readFileSync(join(pack, STATE, 'typecheck.json'), 'utf8')) as unknown;
    writePackFile(pack, 'src/handlers/notes.search.ts', handler.replace('args.query', 'args.words'));
    writeFileSync(join(pack, STATE, 'typecheck.json'), JSON.stringify(recorded));
    const checked = await run(pack, 'check');
    expect(checked.code).toBe(1);
    expect(checked.err).toContain("Property 'words' does not exist on type 'NotesSearchArgs'.");
  });
});

function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
