import { symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { patchCell, snapshot } from './patch.test.fixture.js';

/** A file made of distinct lines, so every chunk built from it matches in one place only. */
interface FileSpec {
  readonly count: number;
  readonly crlf: boolean;
  readonly finalNewline: boolean;
}

interface ChunkSpec {
  readonly skip: number;
  readonly length: number;
  readonly added: readonly string[];
  /** The chunk's removed lines are not in the file. */
  readonly wrong: boolean;
}

type Section =
  | { readonly kind: 'add'; readonly path: string; readonly lines: readonly string[] }
  | { readonly kind: 'delete'; readonly path: string }
  | {
      readonly kind: 'update';
      readonly path: string;
      readonly moveTo: string | null;
      readonly chunks: readonly ChunkSpec[];
    };

/** Paths a patch may name: files, free paths, a folder, a link inside, and ways out. */
const EXISTING = ['f.txt', './f.txt', 'sub/g.txt'];
const FREE = ['new.txt', 'n/e/w.txt'];
const REFUSED = [
  'sub',
  'alias.txt',
  '../outside/victim.txt',
  'door/victim.txt',
  'victim-link',
  'dangling',
  '/etc/hostname',
  '../x',
];
/** Mostly paths that suit the section (`fitting`), sometimes any other. */
const pathFor = (fitting: readonly string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...fitting), weight: 10 },
    { arbitrary: fc.constantFrom(...EXISTING, ...FREE, ...REFUSED), weight: 1 },
  );
const lineText = fc.string({ unit: fc.constantFrom('a', 'b', ' ', 'é', '-', '+', '“'), maxLength: 6 });
const chunk = fc.record({
  skip: fc.nat(4),
  length: fc.nat(3),
  added: fc.array(
    lineText.map((text) => `added ${text}`),
    { maxLength: 3 },
  ),
  wrong: fc.nat(7).map((n) => n === 0),
});
const section: fc.Arbitrary<Section> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), path: pathFor(FREE), lines: fc.array(lineText, { maxLength: 3 }) }),
  fc.record({ kind: fc.constant('delete' as const), path: pathFor(EXISTING) }),
  fc.record({
    kind: fc.constant('update' as const),
    path: pathFor(EXISTING),
    moveTo: fc.option(pathFor(FREE), { freq: 2 }),
    chunks: fc.array(chunk, { minLength: 1, maxLength: 2 }),
  }),
);
const fileSpec = fc.record({ count: fc.nat(6), crlf: fc.boolean(), finalNewline: fc.boolean() });

function linesOf(name: string, spec: FileSpec): string[] {
  return Array.from({ length: spec.count }, (_, index) => `${name} line ${index}`);
}

function textOf(lines: readonly string[], spec: FileSpec): string {
  const eol = spec.crlf ? '\r\n' : '\n';
  return lines.length === 0 ? '' : lines.join(eol) + (spec.finalNewline ? eol : '');
}

/** The patch's chunk lines for `spec` against `lines`, and the file's text after them (`undefined`: no match). */
function chunksFor(lines: readonly string[], chunks: readonly ChunkSpec[], file: FileSpec) {
  const patch: string[] = [];
  const result: string[] = [];
  const appended: string[] = [];
  let cursor = 0;
  let touchesEnd = false;
  let matches = true;
  for (const [index, spec] of chunks.entries()) {
    const start = Math.min(cursor + spec.skip, lines.length);
    const end = Math.min(start + spec.length, lines.length);
    const context = start > cursor ? [lines[start - 1] as string] : [];
    const removed = spec.wrong ? ['not in the file'] : lines.slice(start, end);
    // A chunk needs a line: an empty one, added, when the spec gives none.
    const added = context.length + removed.length + spec.added.length === 0 ? [''] : spec.added;
    patch.push(...(index === 0 ? [] : ['@@']), ...context.map((l) => ` ${l}`), ...removed.map((l) => `-${l}`));
    patch.push(...added.map((l) => `+${l}`));
    if (spec.wrong) matches = false;
    if (context.length + removed.length === 0) {
      appended.push(...added);
      touchesEnd = true;
      continue;
    }
    result.push(...lines.slice(cursor, start), ...added);
    cursor = end;
    if (end === lines.length) touchesEnd = true;
  }
  result.push(...lines.slice(cursor), ...appended);
  const text = lines.join('');
  const crlf = file.crlf && (lines.length > 1 || (lines.length === 1 && file.finalNewline));
  const finalNewline = (file.finalNewline && text !== '') || touchesEnd;
  const after =
    result.length === 0 ? '' : result.join(crlf ? '\r\n' : '\n') + (finalNewline ? (crlf ? '\r\n' : '\n') : '');
  return { patch, after: matches ? after : undefined };
}

/** The work folder after the patch, or `undefined` when the patch must be refused whole. */
function expectedTree(
  before: Record<string, string>,
  sections: readonly Section[],
  files: Record<string, FileSpec>,
): Record<string, string> | undefined {
  const tree = { ...before };
  const real = (p: string) => (p === './f.txt' ? 'f.txt' : p);
  const used = new Set<string>();
  const claim = (p: string) => {
    if (used.has(real(p))) return false;
    used.add(real(p));
    return true;
  };
  const place = (p: string, text: string) => {
    for (let folder = dirname(p); folder !== '.'; folder = dirname(folder)) tree[`${folder}/`] = '';
    tree[p] = text;
  };
  for (const s of sections) {
    const paths = s.kind === 'update' && s.moveTo !== null ? [s.path, s.moveTo] : [s.path];
    if (paths.some((p) => REFUSED.includes(p))) return undefined;
    if (!claim(s.path)) return undefined;
    const exists = EXISTING.includes(s.path);
    if (s.kind === 'add') {
      if (exists) return undefined;
      place(s.path, s.lines.map((l) => `${l}\n`).join(''));
      continue;
    }
    if (!exists) return undefined;
    if (s.kind === 'delete') {
      delete tree[real(s.path)];
      continue;
    }
    const spec = files[real(s.path)] as FileSpec;
    const { after } = chunksFor(linesOf(real(s.path), spec), s.chunks, spec);
    if (after === undefined) return undefined;
    if (s.moveTo === null || real(s.moveTo) === real(s.path)) {
      tree[real(s.path)] = after;
      continue;
    }
    if (!claim(s.moveTo) || EXISTING.includes(s.moveTo)) return undefined;
    delete tree[real(s.path)];
    place(s.moveTo, after);
  }
  return tree;
}

function patchText(sections: readonly Section[], files: Record<string, FileSpec>): string {
  const out = ['*** Begin Patch'];
  for (const s of sections) {
    if (s.kind === 'add') out.push(`*** Add File: ${s.path}`, ...s.lines.map((l) => `+${l}`));
    else if (s.kind === 'delete') out.push(`*** Delete File: ${s.path}`);
    else {
      out.push(`*** Update File: ${s.path}`, ...(s.moveTo === null ? [] : [`*** Move to: ${s.moveTo}`]));
      const name = s.path === './f.txt' ? 'f.txt' : s.path;
      const spec = files[name] ?? { count: 2, crlf: false, finalNewline: true };
      out.push(...chunksFor(linesOf(name, spec), s.chunks, spec).patch);
    }
  }
  out.push('*** End Patch');
  return out.join('\n');
}

describe('apply_patch, for any patch', () => {
  it('writes nothing outside the work folder and leaves it either exactly as expected or exactly as before', async () => {
    const outcomes = { applied: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(section, { minLength: 1, maxLength: 2 }),
        fileSpec,
        fileSpec,
        fc.oneof({ arbitrary: fc.constant(null), weight: 6 }, { arbitrary: fc.nat(), weight: 1 }),
        async (sections, fSpec, gSpec, cut) => {
          const files = { 'f.txt': fSpec, 'sub/g.txt': gSpec };
          const cell = patchCell({
            'f.txt': textOf(linesOf('f.txt', fSpec), fSpec),
            'sub/g.txt': textOf(linesOf('sub/g.txt', gSpec), gSpec),
          });
          writeFileSync(join(cell.outside, 'victim.txt'), 'do not touch\n');
          symlinkSync(cell.outside, join(cell.work, 'door'));
          symlinkSync(join(cell.outside, 'victim.txt'), join(cell.work, 'victim-link'));
          symlinkSync(join(cell.outside, 'ghost.txt'), join(cell.work, 'dangling'));
          symlinkSync('f.txt', join(cell.work, 'alias.txt'));
          const outside = snapshot(cell.outside);
          const before = cell.tree();
          let input = patchText(sections, files);
          // A patch cut anywhere before its last line is refused whole.
          if (cut !== null) input = input.slice(0, cut % input.lastIndexOf('\n'));
          const expected = cut === null ? expectedTree(before, sections, files) : undefined;
          const result = await cell.run.call('apply_patch', { input });
          expect(snapshot(cell.outside)).toEqual(outside);
          expect(result.isError, `${result.text}\n---\n${input}`).toBe(expected === undefined);
          expect(cell.tree()).toEqual(expected ?? before);
          outcomes[result.isError ? 'refused' : 'applied'] += 1;
          if (process.env.PATCH_PROPERTY_DEBUG) console.log(result.code ?? 'ok');
        },
      ),
      { numRuns: 200 },
    );
    // Both kinds of outcome were exercised, not only refusals.
    expect(outcomes.applied).toBeGreaterThan(20);
    expect(outcomes.refused).toBeGreaterThan(20);
  });
});
