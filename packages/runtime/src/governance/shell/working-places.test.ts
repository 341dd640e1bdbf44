import { describe, expect, it } from 'vitest';
import { joinPath, START, same, unionPlaces } from './working-places.js';

describe('working places', () => {
  it('joins paths to a folder the posix way', () => {
    expect(joinPath('.', 'a/../b')).toBe('a/../b');
    expect(joinPath('sub', 'x')).toBe('sub/x');
    expect(joinPath('sub', '../x')).toBe('x');
    expect(joinPath('..', 'x')).toBe('../x');
    expect(joinPath('/tmp', 'x')).toBe('/tmp/x');
    expect(joinPath('sub', '/abs')).toBe('/abs');
  });

  it('unites places without repeats', () => {
    const a = { cwd: 'a', stack: [] };
    expect(unionPlaces([START, a], [{ cwd: 'a', stack: [] }, START])).toEqual([START, a]);
  });

  it('keeps the places of a command that does not move', () => {
    expect(same([START])).toEqual({ ok: [START], failed: [START] });
  });
});
