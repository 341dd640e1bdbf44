import { describe, expect, it } from 'vitest';
import { patchCell } from './patch.test.fixture.js';

/** Updates `f` (holding `text`) with the chunk lines; returns the result and `f` after the call. */
async function update(text: string, ...chunk: string[]) {
  const cell = patchCell({ f: text });
  const result = await cell.patch('*** Begin Patch', '*** Update File: f', ...chunk, '*** End Patch');
  const after = cell.tree().f;
  if (result.isError) expect(after).toBe(text);
  return { result, after };
}

const NOT_FOUND_ADVICE =
  "Nothing was changed. Read f again and copy its lines exactly into the ' ' and '-' lines; the chunks of one file must follow the file's order.";

describe('apply_patch matching', () => {
  it('finds an @@ line, then the chunk after it, and changes only there', async () => {
    const { after } = await update(
      'def a():\n    return 1\ndef b():\n    return 1\n',
      '@@ def b():',
      '-    return 1',
      '+    return 2',
    );
    expect(after).toBe('def a():\n    return 1\ndef b():\n    return 2\n');
  });

  it('finds stacked @@ lines in turn (class, then method)', async () => {
    const { after } = await update(
      'class A:\n  def m(self):\n    x = 1\nclass B:\n  def m(self):\n    x = 1\n',
      '@@ class B:',
      '@@   def m(self):',
      '-    x = 1',
      '+    x = 2',
    );
    expect(after).toBe('class A:\n  def m(self):\n    x = 1\nclass B:\n  def m(self):\n    x = 2\n');
  });

  it('reads a unified-diff header @@ -a,b +c,d @@ as its trailing text', async () => {
    const { after } = await update('x\ny\nx\n', '@@ -2,2 +2,2 @@ y', '-x', '+X');
    expect(after).toBe('x\ny\nX\n');
    const bare = await update('x\ny\n', '@@ -1,1 +1,1 @@', '-x', '+X');
    expect(bare.after).toBe('X\ny\n');
  });

  it('P6: an indented Move to line is an unchanged line, so the chunk does not match and nothing moves', async () => {
    const cell = patchCell({ 'a.txt': 'x\n' });
    const result = await cell.patch(
      '*** Begin Patch',
      '*** Update File: a.txt',
      ' *** Move to: b.txt',
      '@@',
      '-x',
      '+y',
      '*** End Patch',
    );
    expect(result).toEqual({
      isError: true,
      code: 'patch_no_match',
      text: "The chunk at line 3 of the patch does not apply: could not find these lines in a.txt:\n*** Move to: b.txt\nNothing was changed. Read a.txt again and copy its lines exactly into the ' ' and '-' lines; the chunks of one file must follow the file's order.",
    });
    expect(cell.tree()).toEqual({ 'a.txt': 'x\n' });
  });

  it('P7 (ours): a match that ignored leading spaces gives the added lines the file’s indentation', async () => {
    const { after } = await update('def f():\n    return 1\n', '@@', '-return 1', '+return 2');
    expect(after).toBe('def f():\n    return 2\n');
    // The patch's own relative indentation is kept, shifted so its first matched line lines up.
    const nested = await update(
      'class A:\n    def m(self):\n        go()\n',
      '@@',
      ' def m(self):',
      '-    go()',
      '+    if ready:',
      '+        go()',
      '+',
      '+def n(): pass',
    );
    expect(nested.after).toBe('class A:\n    def m(self):\n        if ready:\n            go()\n\n    def n(): pass\n');
    const tabs = await update('if a:\n\tgo()\n', '@@', '-go()', '+stop()');
    expect(tabs.after).toBe('if a:\n\tstop()\n');
  });

  it('P8: matches ignoring trailing spaces; the removed line goes, unchanged lines keep theirs', async () => {
    const { after } = await update('keep   \nx = 1   \n', '@@', ' keep', '-x = 1', '+x = 2');
    expect(after).toBe('keep   \nx = 2\n');
  });

  it('P9: matches typographic quotes, dashes and spaces against ASCII ones', async () => {
    const { after } = await update('msg = “hi” — ok\u00a0!\n', '@@', '-msg = "hi" - ok !', '+msg = "bye"');
    expect(after).toBe('msg = "bye"\n');
  });

  it('keeps unchanged lines as the file has them, even when matched loosely', async () => {
    const { after } = await update('say(‘x’)\ncount = 1\n', '@@', " say('x')", '-count = 1', '+count = 2');
    expect(after).toBe('say(‘x’)\ncount = 2\n');
  });

  it('prefers an exact match to an earlier loose one', async () => {
    const { after } = await update('x = 1  \nx = 1\n', '@@', '-x = 1', '+x = 2');
    expect(after).toBe('x = 1  \nx = 2\n');
  });

  it('P10: a chunk that only adds lines goes at the end of the file, whatever its @@ line', async () => {
    const { after } = await update('a\nb\nc\n', '@@ a', '+inserted');
    expect(after).toBe('a\nb\nc\ninserted\n');
    const missing = await update('a\n', '@@ nowhere', '+x');
    expect(missing.result).toEqual({
      isError: true,
      code: 'patch_no_match',
      text: `The chunk at line 3 of the patch does not apply: could not find the @@ line 'nowhere' in f\n${NOT_FOUND_ADVICE}`,
    });
  });

  it('P11: refuses chunks out of file order, and says where it searched from', async () => {
    const { result } = await update('a\nb\nc\nd\n', '@@', '-c', '+C', '@@', '-a', '+A');
    expect(result).toEqual({
      isError: true,
      code: 'patch_no_match',
      text: `The chunk at line 6 of the patch does not apply: could not find these lines in f after its line 3 (where the chunk before matched):\na\n${NOT_FOUND_ADVICE}`,
    });
  });

  it('P12: a chunk marked *** End of File must match the last lines', async () => {
    const { result } = await update('x\ny\nz\n', '@@', '-y', '+Y', '*** End of File');
    expect(result).toEqual({
      isError: true,
      code: 'patch_no_match',
      text: `The chunk at line 3 of the patch does not apply: could not find these lines at the end of f (the chunk ends with *** End of File):\ny\n${NOT_FOUND_ADVICE}`,
    });
    const last = await update('y\nx\ny\n', '@@', '-y', '+Y', '*** End of File');
    expect(last.after).toBe('y\nx\nY\n');
  });

  it('P13 (ours): "@@ " with only spaces after it is a bare @@', async () => {
    const { after } = await update('a\nb\n', '@@ ', '-a', '+A');
    expect(after).toBe('A\nb\n');
  });

  it('ignores blank lines closing a chunk that the file does not have', async () => {
    const { after } = await update('a\nb\n', '@@', ' a', '-b', '+B', '', '  ');
    expect(after).toBe('a\nB\n');
  });

  it('shows at most 20 of the lines it could not find', async () => {
    const lines = Array.from({ length: 25 }, (_, index) => `-missing ${index}`);
    const { result } = await update('a\n', '@@', ...lines);
    expect(result.code).toBe('patch_no_match');
    expect(result.text).toContain('missing 19\n… and 5 more lines\nNothing was changed.');
    expect(result.text).not.toContain('missing 20');
  });

  it('keeps a CRLF file CRLF, added lines included', async () => {
    const { after } = await update('one\r\ntwo\r\nthree\r\n', '@@', ' one', '-two', '+2', '+2.5');
    expect(after).toBe('one\r\n2\r\n2.5\r\nthree\r\n');
  });

  it('keeps a missing final newline when the end is untouched, and ends the file when it is changed', async () => {
    expect((await update('a\nb', '@@', '-a', '+A')).after).toBe('A\nb');
    expect((await update('a\nb', '@@', '-b', '+B')).after).toBe('a\nB\n');
    expect((await update('a\r\nb', '@@', '-a', '+A')).after).toBe('A\r\nb');
  });

  it('empties a file by removing every line, and fills an empty file by adding', async () => {
    expect((await update('a\nb\n', '@@', '-a', '-b')).after).toBe('');
    expect((await update('', '@@', '+first')).after).toBe('first\n');
  });

  it('applies several chunks in file order, additions at the end last', async () => {
    const { after } = await update('1\n2\n3\n4\n5\n', '@@', '-1', '+one', '@@', '+six', '@@ 3', '-4', '+four');
    expect(after).toBe('one\n2\n3\nfour\n5\nsix\n');
  });

  it('updates a file of 300 000 lines (no stack overflow copying long stretches)', async () => {
    const lines = Array.from({ length: 300_000 }, (_, index) => `l${index}`);
    const { result, after } = await update(
      `${lines.join('\n')}\n`,
      '@@ l149999',
      '-l150000',
      '+middle',
      '@@',
      '-l299999',
      '+last',
    );
    expect(result.isError).toBe(false);
    expect(after).toBe(`${[...lines.slice(0, 150_000), 'middle', ...lines.slice(150_001, -1), 'last'].join('\n')}\n`);
  });

  it('refuses a binary file and a file that does not exist', async () => {
    const binary = await update('a\u0000b\n', '@@', '-a', '+b');
    expect(binary.result).toEqual({
      isError: true,
      code: 'binary_file',
      text: 'f is a binary file; only text files can be read or edited.',
    });
    const cell = patchCell();
    expect(await cell.patch('*** Begin Patch', '*** Update File: g', '-a', '*** End Patch')).toEqual({
      isError: true,
      code: 'file_not_found',
      text: "g does not exist, so it cannot be updated. To create it, use '*** Add File: g'.",
    });
  });
});
