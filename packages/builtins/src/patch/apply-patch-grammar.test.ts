import { describe, expect, it } from 'vitest';
import { patchCell } from './patch.test.fixture.js';

/** Runs `input` in a work folder holding `files`; the folder must not change when the call fails. */
async function attempt(input: string, files: Record<string, string> = {}) {
  const cell = patchCell(files);
  const before = cell.tree();
  const result = await cell.run.call('apply_patch', { input });
  if (result.isError) expect(cell.tree()).toEqual(before);
  return { result, tree: cell.tree() };
}

describe('apply_patch grammar', () => {
  it('adds, updates and deletes files in one patch and lists them added, modified, deleted', async () => {
    const { result, tree } = await attempt(
      [
        '*** Begin Patch',
        '*** Delete File: old.txt',
        '*** Update File: src/app.ts',
        '@@',
        ' const a = 1;',
        '-const port = 80;',
        '+const port = 8080;',
        '*** Add File: docs/new.md',
        '+# Title',
        '+',
        '+text',
        '*** End Patch',
      ].join('\n'),
      { 'old.txt': 'bye\n', 'src/app.ts': 'const a = 1;\nconst port = 80;\n' },
    );
    expect(result).toEqual({
      isError: false,
      text: 'Patch applied (1 added, 1 modified, 1 deleted):\nA docs/new.md\nM src/app.ts\nD old.txt',
    });
    expect(tree).toEqual({
      'docs/': '',
      'docs/new.md': '# Title\n\ntext\n',
      'src/': '',
      'src/app.ts': 'const a = 1;\nconst port = 8080;\n',
    });
  });

  it('adds an empty file from an Add section without lines', async () => {
    const { result, tree } = await attempt('*** Begin Patch\n*** Add File: empty.txt\n*** End Patch');
    expect(result.text).toBe('Patch applied (1 added):\nA empty.txt');
    expect(tree).toEqual({ 'empty.txt': '' });
  });

  it('P1: takes CRLF input, padded markers and surrounding blank lines', async () => {
    const { result, tree } = await attempt(
      '\n  *** Begin Patch\r\n*** Update File: a.txt\r\n@@\r\n-one\r\n+two\r\n*** End Patch  \r\n\n',
      { 'a.txt': 'one\n' },
    );
    expect(result.text).toBe('Patch applied (1 modified):\nM a.txt');
    expect(tree).toEqual({ 'a.txt': 'two\n' });
  });

  it('P2: takes a patch wrapped in <<\'EOF\' … EOF, and <<EOF and <<"EOF"', async () => {
    for (const opening of ["<<'EOF'", '<<EOF', '<<"EOF"']) {
      const { result, tree } = await attempt(
        `${opening}\n*** Begin Patch\n*** Add File: n.txt\n+hi\n*** End Patch\nEOF`,
      );
      expect(result.text).toBe('Patch applied (1 added):\nA n.txt');
      expect(tree).toEqual({ 'n.txt': 'hi\n' });
    }
  });

  it('P2: refuses a here-document with mismatched quotes', async () => {
    const { result } = await attempt(`<<"EOF'\n*** Begin Patch\n*** Add File: n.txt\n+hi\n*** End Patch\nEOF`);
    expect(result).toEqual({
      isError: true,
      code: 'patch_invalid',
      text: `The first line of a patch must be '*** Begin Patch', but line 1 is '<<"EOF''. Send the whole patch, from '*** Begin Patch' to '*** End Patch'. Nothing was changed.`,
    });
  });

  it('P3: refuses a patch cut short, and creates nothing', async () => {
    const { result, tree } = await attempt('*** Begin Patch\n*** Add File: x.txt\n+hi');
    expect(result).toEqual({
      isError: true,
      code: 'patch_invalid',
      text: "The last line of a patch must be '*** End Patch', but line 3 is '+hi': the patch may have been cut short. Send it again, whole. Nothing was changed.",
    });
    expect(tree).toEqual({});
  });

  it('P4: a line without + ends an Add section; what follows must be a section header', async () => {
    const { result } = await attempt('*** Begin Patch\n*** Add File: a.txt\n+l1\nl2\n*** End Patch');
    expect(result).toEqual({
      isError: true,
      code: 'patch_invalid',
      text: "Line 4: 'l2' is not a section header. A file's section starts with '*** Add File: <path>', '*** Delete File: <path>' or '*** Update File: <path>', and every line of an added file starts with '+'. Nothing was changed.",
    });
  });

  it('P5: refuses an unmarked line after a chunk, naming its line', async () => {
    const { result } = await attempt('*** Begin Patch\n*** Update File: f\n@@\n a\n-b\n+B\nc\n*** End Patch', {
      f: 'a\nb\nc\n',
    });
    expect(result).toEqual({
      isError: true,
      code: 'patch_invalid',
      text: "Line 7: 'c' cannot start a chunk. A chunk after the first one starts with '@@' (optionally followed by a line of the file to find), and each of its lines starts with ' ', '-' or '+'. Nothing was changed.",
    });
  });

  it('counts line numbers in the input as sent, here-document and leading blank lines included', async () => {
    const { result } = await attempt("\n\n<<'EOF'\n*** Begin Patch\n*** Copy File: a\n*** End Patch\nEOF");
    expect(result.text).toMatch(/^Line 5: '\*\*\* Copy File: a' is not a section header\./);
  });

  it('P19: refuses an unknown section header', async () => {
    const { result } = await attempt('*** Begin Patch\n*** Rename File: a\n*** End Patch', { a: 'x\n' });
    expect(result.code).toBe('patch_invalid');
    expect(result.text).toMatch(/^Line 2: '\*\*\* Rename File: a' is not a section header\./);
  });

  it('refuses a patch with no sections, and an empty input', async () => {
    expect((await attempt('*** Begin Patch\n*** End Patch')).result).toEqual({
      isError: true,
      code: 'patch_invalid',
      text: "The patch changes no file: put at least one '*** Add File:', '*** Delete File:' or '*** Update File:' section between '*** Begin Patch' and '*** End Patch'. Nothing was changed.",
    });
    expect((await attempt(' \n ')).result).toEqual({
      isError: true,
      code: 'patch_invalid',
      text: "The patch is empty. Send the whole patch, from '*** Begin Patch' to '*** End Patch'. Nothing was changed.",
    });
  });

  it('refuses an Update section without chunks and a chunk without lines', async () => {
    const empty = await attempt('*** Begin Patch\n*** Update File: f\n*** End Patch', { f: 'a\n' });
    expect(empty.result).toEqual({
      isError: true,
      code: 'patch_invalid',
      text: "Line 2: the section '*** Update File: f' has no changes. Give at least one chunk of ' ' (unchanged), '-' (removed) and '+' (added) lines, or leave the section out. Nothing was changed.",
    });
    const bare = await attempt('*** Begin Patch\n*** Update File: f\n@@\n*** End of File\n*** End Patch', { f: 'a\n' });
    expect(bare.result).toEqual({
      isError: true,
      code: 'patch_invalid',
      text: "Line 3: the chunk starting here has no lines. After '@@', give its unchanged (' '), removed ('-') and added ('+') lines. Nothing was changed.",
    });
  });

  it('refuses a first chunk line that is not a chunk line, and a header that names no file', async () => {
    const odd = await attempt('*** Begin Patch\n*** Update File: f\n@@\n#a\n*** End Patch', { f: 'a\n' });
    expect(odd.result).toEqual({
      isError: true,
      code: 'patch_invalid',
      text: "Line 4: '#a' is not a chunk line. Every line of a chunk starts with ' ' (an unchanged line), '-' (a removed line) or '+' (an added line). Nothing was changed.",
    });
    const nameless = await attempt('*** Begin Patch\n*** Add File:    \n+x\n*** End Patch');
    expect(nameless.result.code).toBe('patch_invalid');
    expect(nameless.result.text).toMatch(/^Line 2: .* names no file\./);
  });

  it('quotes at most 200 characters of an offending line', async () => {
    const { result } = await attempt(`*** Begin Patch\n${'x'.repeat(5000)}\n*** End Patch`);
    expect(result.text).toContain(`'${'x'.repeat(200)}…' is not a section header`);
    expect(result.text.length).toBeLessThan(500);
  });

  it('takes padded section headers, blank lines between sections and chunks, and trims paths', async () => {
    const { result, tree } = await attempt(
      [
        '*** Begin Patch',
        '   *** Update File:  f.txt  ',
        '@@',
        '-a',
        '+A',
        '',
        '   ',
        '@@',
        '-c',
        '+C',
        '',
        '*** Add File: g.txt',
        '+g',
        '',
        '*** End Patch',
      ].join('\n'),
      { 'f.txt': 'a\nb\nc\n' },
    );
    expect(result.text).toBe('Patch applied (1 added, 1 modified):\nA g.txt\nM f.txt');
    expect(tree).toEqual({ 'f.txt': 'A\nb\nC\n', 'g.txt': 'g\n' });
  });

  it('takes a first chunk without @@, and an empty line in a chunk as an unchanged empty line', async () => {
    const { result, tree } = await attempt('*** Begin Patch\n*** Update File: f\n a\n\n-b\n+B\n*** End Patch', {
      f: 'a\n\nb\n',
    });
    expect(result.isError).toBe(false);
    expect(tree).toEqual({ f: 'a\n\nB\n' });
  });

  it('a line starting with *** ends an Update section, so the next one can start', async () => {
    const { tree } = await attempt('*** Begin Patch\n*** Update File: f\n-a\n+b\n*** Delete File: g\n*** End Patch', {
      f: 'a\n',
      g: 'g\n',
    });
    expect(tree).toEqual({ f: 'b\n' });
  });
});
