import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryDelay, SourceBackoff } from './source-backoff.js';

describe('the backoff of a source that comes back', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('doubles from 250 ms to at most 30 s, spread by a fifth either way', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 10, 50].map((attempt) => retryDelay(attempt, middle))).toEqual([
      250, 500, 1000, 2000, 30_000, 30_000,
    ]);
    expect(retryDelay(0, () => 0)).toBe(200);
    expect(retryDelay(0, () => 1)).toBe(300);
  });

  it('grows with each failure and starts over after the source stayed up 30 s', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const backoff = new SourceBackoff();
    expect([backoff.next(), backoff.next()]).toEqual([250, 500]);
    expect(backoff.left()).toBe(500);
    backoff.up();
    vi.advanceTimersByTime(29_999);
    expect(backoff.next()).toBe(1000);
    backoff.up();
    vi.advanceTimersByTime(30_000);
    expect(backoff.next()).toBe(250);
    vi.advanceTimersByTime(1000);
    expect(backoff.left()).toBe(0);
  });
});
