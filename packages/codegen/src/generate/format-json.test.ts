import { describe, expect, it } from 'vitest';
import { formatJson } from './format-json.js';

describe('formatJson', () => {
  it('keeps objects expanded and puts short arrays of plain values on one line', () => {
    expect(formatJson({ a: [], b: {}, c: ['/x', 1, true, null], d: [{ e: 1 }], f: 'g' })).toBe(
      [
        '{',
        '  "a": [],',
        '  "b": {},',
        '  "c": ["/x", 1, true, null],',
        '  "d": [',
        '    {',
        '      "e": 1',
        '    }',
        '  ],',
        '  "f": "g"',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('breaks an array that would pass 120 columns', () => {
    const long = Array.from({ length: 12 }, (_, index) => `item-number-${index}`);
    expect(formatJson({ list: long }).split('\n')).toHaveLength(long.length + 5);
    expect(formatJson({ list: long.slice(0, 6) }).split('\n')).toHaveLength(4);
  });
});
