import { describe, expect, it } from 'vitest';
import { ModelError } from './model-error.js';

describe('ModelError', () => {
  it('carries the status and is recognised by its marker, not by instanceof', () => {
    const error = new ModelError('the model answered 429', { status: 429 });
    expect(error.name).toBe('ModelError');
    expect(error.status).toBe(429);
    expect(ModelError.isInstance(error)).toBe(true);
    const foreign = Object.assign(new Error('from another copy'), { [Symbol.for('wesgine.model-error')]: true });
    expect(ModelError.isInstance(foreign)).toBe(true);
    expect(ModelError.isInstance(new Error('plain'))).toBe(false);
    expect(ModelError.isInstance(null)).toBe(false);
  });
});
