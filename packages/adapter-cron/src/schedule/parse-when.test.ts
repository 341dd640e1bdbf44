import { ToolError } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { dueTimes, nextRun } from './next-run.js';
import { parseWhen } from './parse-when.js';

const now = Date.parse('2026-12-02T08:00:00Z');

describe('parseWhen', () => {
  it('reads dates with Z, with offsets, with fractions, and without offset in a time zone', () => {
    expect(parseWhen('2026-12-24T09:00:00Z', undefined, now).first).toBe(Date.parse('2026-12-24T09:00:00Z'));
    expect(parseWhen('2026-12-24T09:00:00+01:00', undefined, now).first).toBe(Date.parse('2026-12-24T08:00:00Z'));
    expect(parseWhen('2026-12-24 09:00:00.250-0530', undefined, now).first).toBe(
      Date.parse('2026-12-24T14:30:00.250Z'),
    );
    expect(parseWhen('2026-12-24T09:00', 'Europe/Berlin', now).first).toBe(Date.parse('2026-12-24T08:00:00Z'));
    expect(parseWhen('2027-07-01T09:00', 'Europe/Berlin', now).first).toBe(Date.parse('2027-07-01T07:00:00Z'));
    expect(parseWhen('2026-12-24T09:00', 'Asia/Kolkata', now).first).toBe(Date.parse('2026-12-24T03:30:00Z'));
  });

  it('reads expressions in UTC unless given a zone', () => {
    expect(parseWhen('0 9 * * *', undefined, now)).toEqual({
      when: { kind: 'cron', expression: '0 9 * * *' },
      first: Date.parse('2026-12-02T09:00:00Z'),
    });
    expect(parseWhen(' 0 9 * * * ', 'America/New_York', now).first).toBe(Date.parse('2026-12-02T14:00:00Z'));
    expect(parseWhen('@hourly', undefined, now).first).toBe(Date.parse('2026-12-02T09:00:00Z'));
  });

  it('throws invalid_arguments for what it cannot read', () => {
    for (const bad of ['2026-13-01T00:00:00Z', '2026-12-02T25:00:00Z', '2026-12-02T07:59:59Z', 'nonsense', '']) {
      let thrown: unknown;
      try {
        parseWhen(bad, undefined, now);
      } catch (error) {
        thrown = error;
      }
      expect(ToolError.isInstance(thrown) && thrown.code).toBe('invalid_arguments');
    }
  });
});

describe('nextRun and dueTimes', () => {
  it('counts the times from the first due one up to now, and gives the latest', () => {
    const when = { kind: 'cron', expression: '*/10 * * * * *' } as const;
    expect(nextRun(when, now)).toBe(now + 10_000);
    expect(dueTimes(when, now, now + 35_000)).toEqual({ count: 4, latest: now + 30_000 });
    expect(dueTimes({ kind: 'once', at: now }, now, now + 99_000)).toEqual({ count: 1, latest: now });
  });
});

describe('dueTimes after a long stop', () => {
  it('stops counting at 100 but still finds the latest time, quickly', () => {
    const when = { kind: 'cron', expression: '* * * * * *' } as const;
    const started = performance.now();
    expect(dueTimes(when, now, now + 30 * 86_400_000 + 500)).toEqual({ count: 100, latest: now + 30 * 86_400_000 });
    expect(performance.now() - started).toBeLessThan(500);
  });
});
