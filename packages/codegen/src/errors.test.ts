import { describe, expect, it } from 'vitest';
import { CodegenError, problem } from './errors.js';

describe('CodegenError', () => {
  it('carries every problem and lists them in its message', () => {
    const error = new CodegenError([
      problem('tools/a.tool.ts', 'a', 'broken'),
      problem('docs/tools.md', undefined, 'no markers'),
    ]);
    expect(error.problems).toEqual([
      { file: 'tools/a.tool.ts', tool: 'a', message: 'broken' },
      { file: 'docs/tools.md', message: 'no markers' },
    ]);
    expect(error.message).toBe('tools/a.tool.ts: broken\ndocs/tools.md: no markers');
    expect(error.name).toBe('CodegenError');
  });

  it('is recognised by its marker, also from another copy of the package', () => {
    expect(CodegenError.isInstance(new CodegenError([]))).toBe(true);
    expect(CodegenError.isInstance({ [Symbol.for('wesgine.codegen-error')]: true })).toBe(true);
    expect(CodegenError.isInstance(new Error('x'))).toBe(false);
    expect(CodegenError.isInstance(undefined)).toBe(false);
  });
});
