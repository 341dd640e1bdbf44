import { describe, expect, it } from 'vitest';
import { parseListing } from './window-listing.js';

const block = (id: number, x: number) => `WINDOW=${id}\nX=${x}\nY=0\nWIDTH=10\nHEIGHT=20\nSCREEN=0\n`;

describe('reading a listing of windows', () => {
  it('pairs geometry blocks with titles by order', () => {
    expect(parseListing(`1024 768\n${block(7, 1)}${block(9, 2)}first\nsecond: WINDOW=3\n`)).toEqual({
      screen: { width: 1024, height: 768 },
      ids: [7, 9],
      windows: [
        { id: 7, x: 1, y: 0, width: 10, height: 20, title: 'first' },
        { id: 9, x: 2, y: 0, width: 10, height: 20, title: 'second: WINDOW=3' },
      ],
    });
  });

  it('gives up pairing when a title has a line break, keeping the ids to read one by one', () => {
    expect(parseListing(`1024 768\n${block(7, 1)}${block(9, 2)}first\nsecond\nthird\n`)).toEqual({
      screen: { width: 1024, height: 768 },
      ids: [7, 9],
      windows: undefined,
    });
  });

  it('reads a listing of ids alone, and one that found nothing', () => {
    expect(parseListing('800 600\n7\n9\n7\n')).toEqual({
      screen: { width: 800, height: 600 },
      ids: [7, 9],
      windows: undefined,
    });
    expect(parseListing('800 600\n')).toEqual({ screen: { width: 800, height: 600 }, ids: [], windows: [] });
  });
});
