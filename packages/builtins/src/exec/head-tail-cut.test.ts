// The cut of long output and its capture in bounded memory, without a process.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KEPT_CHARS, SPILL_MAX_BYTES } from './exec-limits.js';
import { headOf, shownOutput, tailOf } from './head-tail-cut.js';
import { countNewlines, OutputCapture } from './output-capture.js';

const folder = mkdtempSync(join(tmpdir(), 'wesgine-exec-cut-'));
let files = 0;
const spillPath = () => join(folder, 'exec', `out-${files++}.log`);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function captured(text: string, chunkSize = 1000) {
  const capture = new OutputCapture(spillPath());
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += chunkSize) capture.write(bytes.subarray(at, at + chunkSize));
  return capture.finish();
}

const numbered = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1}\n`).join('');

describe('headOf and tailOf', () => {
  it('take 128 lines from each end', () => {
    const text = numbered(300);
    expect(headOf(text)).toBe(numbered(128));
    expect(tailOf(text).split('\n')[0]).toBe('line 173');
    expect(tailOf(text).endsWith('line 300\n')).toBe(true);
    expect(tailOf(text).split('\n')).toHaveLength(129);
  });

  it('count a last line without a line break as a line', () => {
    expect(tailOf('a\nb\nc')).toBe('a\nb\nc');
    const text = `${numbered(200)}last`;
    expect(tailOf(text).startsWith('line 74\n')).toBe(true);
  });

  it('take at most 15000 characters from each end, within a line if need be', () => {
    const line = `${'a'.repeat(20_000)}${'b'.repeat(20_000)}`;
    expect(headOf(line)).toBe('a'.repeat(15_000));
    expect(tailOf(line)).toBe('b'.repeat(15_000));
  });

  it('never split a character made of two UTF-16 units', () => {
    const line = '😀'.repeat(10_000);
    expect(headOf(line)).toBe('😀'.repeat(7_500));
    expect(headOf(`x${line}`)).toBe(`x${'😀'.repeat(7_499)}`);
    expect(tailOf(line)).toBe('😀'.repeat(7_500));
    expect(tailOf(`${line}x`)).toBe(`${'😀'.repeat(7_499)}x`);
  });
});

describe('shownOutput', () => {
  it('shows 256 lines whole', () => {
    const output = captured(numbered(256));
    expect(output.spillPath).toBeUndefined();
    expect(shownOutput(output)).toEqual({ text: numbered(256), cut: false });
  });

  it('shows 30000 characters on one line whole', () => {
    const output = captured('x'.repeat(30_000));
    expect(shownOutput(output)).toEqual({ text: 'x'.repeat(30_000), cut: false });
  });

  it('cuts 257 lines, saying how many were left out and where all of them are', () => {
    const output = captured(numbered(257));
    const shown = shownOutput(output);
    expect(shown.cut).toBe(true);
    expect(shown.text).toBe(
      `${numbered(128)}[... 1 lines (9 characters) left out here; the full output is saved in ${output.spillPath} ...]\n${numbered(257).slice(numbered(129).length)}`,
    );
    expect(readFileSync(output.spillPath ?? '', 'utf8')).toBe(numbered(257));
  });

  it('cuts one long line by characters', () => {
    const output = captured('x'.repeat(50_000));
    expect(shownOutput(output).text).toBe(
      `${'x'.repeat(15_000)}\n[... 20000 characters left out here; the full output is saved in ${output.spillPath} ...]\n${'x'.repeat(15_000)}`,
    );
  });

  it('says when the full output could not be saved', () => {
    const file = join(folder, 'a-file');
    writeFileSync(file, '');
    const capture = new OutputCapture(join(file, 'exec', 'out.log'));
    capture.write(Buffer.from('y\n'.repeat(1000)));
    const output = capture.finish();
    expect(output.spillPath).toBeUndefined();
    expect(shownOutput(output).text).toContain(
      '[... 744 lines (1488 characters) left out here; the full output could not be saved (ENOTDIR) ...]',
    );
  });
});

describe('OutputCapture', () => {
  it('writes no file for output that is shown whole', () => {
    const before = readdirSync(join(folder, 'exec'), { withFileTypes: true }).length;
    // Over the byte threshold (so a file is opened) but under 30000 characters: the file is removed.
    const output = captured('é'.repeat(20_000));
    expect(output.chars).toBe(20_000);
    expect(output.bytes).toBe(40_000);
    expect(output.spillPath).toBeUndefined();
    expect(readdirSync(join(folder, 'exec'))).toHaveLength(before);
  });

  it('keeps characters split across chunks whole', () => {
    const output = captured('é€😀'.repeat(10), 1);
    expect(output.head).toBe('é€😀'.repeat(10));
    expect(output.chars).toBe(40);
  });

  it('holds a bounded head and tail of 100 MB, counts all of it and spills the first 64 MiB', () => {
    const capture = new OutputCapture(spillPath());
    const chunk = Buffer.from('0123456789abcde\n'.repeat(4096));
    const total = 100_000_000;
    for (let written = 0; written < total; written += chunk.length) {
      capture.write(written + chunk.length > total ? chunk.subarray(0, total - written) : chunk);
    }
    const output = capture.finish();
    expect(output.bytes).toBe(total);
    expect(output.chars).toBe(total);
    expect(output.newlines).toBe(total / 16);
    expect(output.head.length).toBe(KEPT_CHARS);
    expect(output.tail.length).toBe(KEPT_CHARS);
    expect(output.complete).toBe(false);
    expect(output.spillCapped).toBe(true);
    expect(statSync(output.spillPath ?? '').size).toBe(SPILL_MAX_BYTES);
    expect(shownOutput(output).text).toContain(
      `left out here; the first 64 MiB of the output are saved in ${output.spillPath} ...]`,
    );
  });

  it.each([
    ['no line break', 'x'.repeat(70_000), 0],
    ['sparse line breaks', `${'x'.repeat(999)}\n`.repeat(70), 70],
    ['dense line breaks', 'y\n'.repeat(40_000), 40_000],
    ['dense after a sparse start', `${'x'.repeat(5000)}\n${'\n'.repeat(100)}`, 101],
  ])('counts line breaks with %s', (_, text, expected) => {
    expect(countNewlines(Buffer.from(text))).toBe(expected);
  });
});
