import { describe, expect, it } from 'vitest';
import { FrozenMap, FrozenSet } from './frozen-map.js';

describe('FrozenMap and FrozenSet', () => {
  it('answer like the map and set they copied, and nothing can change them', () => {
    const source = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    const map = new FrozenMap(source);
    source.delete('a');
    expect([...map]).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(map.get('a')).toBe(1);
    expect(map.size).toBe(2);
    expect('delete' in map || 'set' in map || 'clear' in map).toBe(false);
    expect(() => Map.prototype.delete.call(map, 'a')).toThrow(TypeError);
    expect(() => {
      (map as unknown as { extra: number }).extra = 1;
    }).toThrow(TypeError);
    const set = new FrozenSet(['x']);
    expect(set.has('x')).toBe(true);
    expect(() => Set.prototype.add.call(set, 'y')).toThrow(TypeError);
    expect([...set]).toEqual(['x']);
  });
});
