import { describe, expect, it } from 'vitest';
import { isTalkative } from './io.js';

describe('isTalkative: progress lines only for a person at a terminal', () => {
  it('talks on a terminal outside CI', () => {
    expect(isTalkative(true, {})).toBe(true);
    for (const ci of ['', '0', 'false', 'FALSE']) expect(isTalkative(true, { CI: ci })).toBe(true);
  });

  it('is quiet when stderr is not a terminal, or in CI', () => {
    expect(isTalkative(false, {})).toBe(false);
    expect(isTalkative(undefined, {})).toBe(false);
    for (const ci of ['1', 'true', 'github-actions']) expect(isTalkative(true, { CI: ci })).toBe(false);
  });
});
