import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { patchCell } from '../patch/patch.test.fixture.js';
import { fileCell } from './files.test.fixture.js';

// A change rewrites the endings of the lines it changes and of no other: mixed CRLF/LF files stay mixed,
// a lone CR is a line break in a file that breaks its lines so (and a character elsewhere), new lines
// take the ending of their neighbours. Checked byte for byte through edit, write and apply_patch.

function withFile(name: string, bytes: string) {
  const cell = fileCell();
  writeFileSync(join(cell.work, name), bytes);
  return { ...cell, bytes: () => readFileSync(join(cell.work, name), 'latin1') };
}

describe('line endings: edit', () => {
  it('keeps every untouched line of a mixed file as it was, and a replaced line takes its own ending', async () => {
    const { run, bytes } = withFile('m.txt', 'a\r\nb\nc\r\nd\n');
    await run.call('read', { path: 'm.txt' });
    expect(await run.call('edit', { path: 'm.txt', old_string: 'b', new_string: 'B\nB2' })).toMatchObject({
      isError: false,
    });
    expect(bytes()).toBe('a\r\nB\nB2\nc\r\nd\n');
    await run.call('edit', { path: 'm.txt', old_string: 'c\nd', new_string: 'C\nC2\nD' });
    expect(bytes()).toBe('a\r\nB\nB2\nC\r\nC2\r\nD\n');
  });

  it('matches old_string written with CRLF or LF alike, in a CRLF file', async () => {
    const { run, bytes } = withFile('w.txt', 'one\r\ntwo\r\nthree\r\n');
    await run.call('read', { path: 'w.txt' });
    await run.call('edit', { path: 'w.txt', old_string: 'one\r\ntwo', new_string: 'uno\ndos' });
    expect(bytes()).toBe('uno\r\ndos\r\nthree\r\n');
  });

  it('treats lone CRs as line breaks in a file broken by lone CRs', async () => {
    const { run, bytes } = withFile('mac.txt', 'one\rtwo\rthree\r');
    expect((await run.call('read', { path: 'mac.txt' })).text).toBe('     1\tone\n     2\ttwo\n     3\tthree');
    await run.call('edit', { path: 'mac.txt', old_string: 'one\ntwo', new_string: '1\n2\n2.5' });
    expect(bytes()).toBe('1\r2\r2.5\rthree\r');
  });

  it('keeps a lone CR inside a line of an LF file as a character, and the missing final line break missing', async () => {
    const { run, bytes } = withFile('s.txt', 'x = "a\rb"\r\nnext\nlast');
    expect((await run.call('read', { path: 's.txt' })).text).toBe('     1\tx = "a\rb"\n     2\tnext\n     3\tlast');
    await run.call('edit', { path: 's.txt', old_string: 'last', new_string: 'LAST' });
    expect(bytes()).toBe('x = "a\rb"\r\nnext\nLAST');
    await run.call('edit', { path: 's.txt', old_string: 'next\nLAST', new_string: 'next\nLAST\nmore' });
    expect(bytes()).toBe('x = "a\rb"\r\nnext\nLAST\nmore');
  });
});

describe('line endings: write', () => {
  it('puts LF content into the replaced file’s own endings, line by line', async () => {
    const { run, bytes } = withFile('m.txt', 'a\r\nb\nc\r\n');
    await run.call('read', { path: 'm.txt' });
    expect(await run.call('write', { path: 'm.txt', content: 'a\nb\nX\nc\nY\n' })).toEqual({
      isError: false,
      text: 'Replaced m.txt (5 lines, 13 bytes).',
    });
    // a and c keep CRLF, b keeps LF; X follows b, Y follows c.
    expect(bytes()).toBe('a\r\nb\nX\nc\r\nY\r\n');
  });

  it('writes content with CRs byte for byte, and an LF file stays as written', async () => {
    const { run, bytes } = withFile('m.txt', 'a\r\nb\r\n');
    await run.call('read', { path: 'm.txt' });
    await run.call('write', { path: 'm.txt', content: 'p\r\nq\nr' });
    expect(bytes()).toBe('p\r\nq\nr');
    const lf = withFile('l.txt', 'a\nb\n');
    await lf.run.call('read', { path: 'l.txt' });
    await lf.run.call('write', { path: 'l.txt', content: 'a\nc\n' });
    expect(lf.bytes()).toBe('a\nc\n');
  });
});

describe('line endings: apply_patch', () => {
  const bytes = (work: string, name: string) => readFileSync(join(work, name), 'latin1');

  it('keeps a mixed file mixed; added lines end like the file line before them in the chunk', async () => {
    const cell = patchCell({ 'm.txt': 'a\r\nb\nc\r\nd\n' });
    const result = await cell.patch(
      '*** Begin Patch',
      '*** Update File: m.txt',
      '@@',
      ' a',
      '+new',
      '-b',
      '+B',
      '+B2',
      ' c',
      '*** End Patch',
    );
    expect(result).toMatchObject({ isError: false });
    expect(bytes(cell.work, 'm.txt')).toBe('a\r\nnew\r\nB\nB2\nc\r\nd\n');
  });

  it('breaks lines at lone CRs in a file broken so, and keeps a missing final line break missing', async () => {
    const cell = patchCell({ 'mac.txt': 'one\rtwo\rthree', 'dos.txt': 'a\r\nb' });
    await cell.patch(
      '*** Begin Patch',
      '*** Update File: mac.txt',
      ' one',
      '-two',
      '+2',
      '*** Update File: dos.txt',
      '-a',
      '+A',
      '*** End Patch',
    );
    expect(bytes(cell.work, 'mac.txt')).toBe('one\r2\rthree');
    expect(bytes(cell.work, 'dos.txt')).toBe('A\r\nb');
  });

  it('a line added at the end of a CRLF file without a final break gets one, as does the old last line', async () => {
    const cell = patchCell({ 'dos.txt': 'a\r\nb' });
    await cell.patch('*** Begin Patch', '*** Update File: dos.txt', '+c', '*** End Patch');
    expect(bytes(cell.work, 'dos.txt')).toBe('a\r\nb\r\nc\r\n');
  });
});
