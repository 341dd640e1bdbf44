import { describe, expect, it } from 'vitest';
import { CallDeadlines } from './call-deadlines.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('CallDeadlines', () => {
  it('expires what is due, in order of deadline across time limits, and never what was cleared', async () => {
    const deadlines = new CallDeadlines();
    const expired: string[] = [];
    deadlines.add(120, () => expired.push('long'));
    const cleared = deadlines.add(30, () => expired.push('cleared'));
    deadlines.add(40, () => expired.push('short'));
    deadlines.clear(cleared);
    // Clearing twice is harmless.
    deadlines.clear(cleared);
    await pause(80);
    expect(expired).toEqual(['short']);
    await pause(400);
    expect(expired).toEqual(['short', 'long']);
  });

  it('serves calls added while its timer is armed for a later one, and again after it went idle', async () => {
    const deadlines = new CallDeadlines();
    const expired: number[] = [];
    const first = deadlines.add(10_000, () => expired.push(1));
    deadlines.clear(first);
    deadlines.add(20, () => expired.push(2));
    await pause(300);
    expect(expired).toEqual([2]);
    deadlines.add(20, () => expired.push(3));
    await pause(300);
    expect(expired).toEqual([2, 3]);
  });
});
