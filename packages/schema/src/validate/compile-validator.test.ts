import { FormatRegistry, Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { compileValidator } from './compile-validator.js';

describe('compileValidator', () => {
  it('compiles once per schema object', () => {
    const schema = Type.Object({ a: Type.String() });
    expect(compileValidator(schema)).toBe(compileValidator(schema));
    expect(compileValidator(Type.Object({ a: Type.String() }))).not.toBe(compileValidator(schema));
  });

  it("checks with generated code, which measured faster than TypeBox's compiled check", () => {
    expect(compileValidator(Type.Object({ a: Type.String(), n: Type.Integer({ minimum: 0 }) })).checkedBy).toBe(
      'generated',
    );
    expect(compileValidator(Type.Object({ a: Type.String({ maxLength: 3 }) })).checkedBy).toBe('generated');
    expect(compileValidator(Type.Unsafe({ type: 'string' })).checkedBy).toBe('generated');
    expect(compileValidator(Type.String({ enum: ['a'] })).checkedBy).toBe('generated');
  });

  it('agrees between check and errors', () => {
    const validator = compileValidator(Type.Object({ a: Type.String({ maxLength: 1 }) }));
    expect(validator.check({ a: '😀' })).toBe(true);
    expect(validator.errors({ a: '😀' })).toEqual([]);
    expect(validator.check({ a: 'ab' })).toBe(false);
    expect(validator.errors({ a: 'ab' })).toEqual([
      { path: '/a', message: 'must be at most 1 character long, got 2 characters', keyword: 'maxLength' },
    ]);
  });

  it('validates Type.Unsafe schemas, which TypeBox cannot compile', () => {
    const validator = compileValidator(
      Type.Unsafe<{ n: number }>({ type: 'object', properties: { n: { type: 'number' } } }),
    );
    expect(validator.check({ n: 1 })).toBe(true);
    expect(validator.errors({ n: 'x' })).toEqual([
      { path: '/n', message: 'must be a number, got "x" (a string)', keyword: 'type' },
    ]);
  });

  it('treats an unknown format as an annotation, and checks it once it is registered', () => {
    const validator = compileValidator(Type.String({ format: 'wesgine-test-color' }));
    expect(validator.check('blue')).toBe(true);
    FormatRegistry.Set('wesgine-test-color', (value) => value === 'red');
    try {
      expect(validator.check('red')).toBe(true);
      expect(validator.errors('blue')).toEqual([
        { path: '', message: 'must be in the format "wesgine-test-color", got "blue" (a string)', keyword: 'format' },
      ]);
    } finally {
      FormatRegistry.Delete('wesgine-test-color');
    }
  });
});
