import { describe, expect, it } from 'vitest';
import { declaredCategory, resolveCategory } from './resolve-category.js';

describe('resolveCategory', () => {
  const engine = { read: 'exploration', write: 'action' } as const;
  const cell = { read: 'action', lookup: 'exploration', toString: 'exploration' } as const;

  it('takes the engine map first', () => {
    expect(resolveCategory('read', { engine, cell, meta: { readOnly: false } })).toEqual({
      category: 'exploration',
      level: 'engine',
    });
  });

  it('then the cell map', () => {
    expect(resolveCategory('lookup', { engine, cell })).toEqual({ category: 'exploration', level: 'cell' });
  });

  it("then the tool's own meta: category first, then readOnly", () => {
    expect(resolveCategory('x', { engine, meta: { category: 'exploration' } })).toEqual({
      category: 'exploration',
      level: 'meta',
    });
    expect(resolveCategory('x', { meta: { readOnly: true } })).toEqual({ category: 'exploration', level: 'meta' });
  });

  it('defaults to action', () => {
    expect(resolveCategory('x', { meta: { readOnly: false } })).toEqual({ category: 'action', level: 'default' });
    expect(resolveCategory('x')).toEqual({ category: 'action', level: 'default' });
  });

  it('ignores names inherited from Object.prototype', () => {
    expect(resolveCategory('constructor', { engine })).toEqual({ category: 'action', level: 'default' });
    expect(resolveCategory('toString', { cell })).toEqual({ category: 'exploration', level: 'cell' });
  });

  it('gives the declared category from meta alone', () => {
    expect(declaredCategory({ readOnly: true })).toBe('exploration');
    expect(declaredCategory(undefined)).toBe('action');
  });
});
