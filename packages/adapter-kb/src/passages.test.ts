import { describe, expect, it } from 'vitest';
import { lineCount, passagesOf, textLines } from './passages.js';

describe('passages', () => {
  it('cut at headings and at blank lines once a passage holds enough, with the heading above', () => {
    const text = ['# Title', '', 'a', 'b', '', '## Part', 'c', 'd', 'e', 'f', 'g', 'h', '', 'i', ''].join('\n');
    expect(passagesOf(text)).toEqual([
      { start: 1, end: 4, heading: 'Title' },
      { start: 6, end: 12, heading: 'Part' },
      { start: 14, end: 14, heading: 'Part' },
    ]);
    expect(lineCount(text)).toBe(textLines(text).length);
  });

  it('never runs past fifteen lines or 1,500 characters, and gives a huge line a passage of its own', () => {
    const many = Array.from({ length: 40 }, (_, index) => `line ${index}`).join('\n');
    expect(passagesOf(many).map((passage) => [passage.start, passage.end])).toEqual([
      [1, 15],
      [16, 30],
      [31, 40],
    ]);
    const huge = `short\n${'x'.repeat(5000)}\nafter\n`;
    expect(passagesOf(huge).map((passage) => [passage.start, passage.end])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
  });

  it('count lines as kb.get shows them: a final line end starts no line', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\n\n'), lineCount('\n')]).toEqual([
      0, 1, 1, 2, 1,
    ]);
    expect([textLines('a\n\n').length, textLines('\n').length]).toEqual([2, 1]);
    expect(passagesOf('   \n\t\n')).toEqual([]);
  });
});
