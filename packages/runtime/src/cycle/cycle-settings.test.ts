import { describe, expect, it } from 'vitest';
import { DEFAULT_CYCLE_CONFIG } from './cycle-config.js';
import { cycleConfigFrom } from './cycle-settings.js';

describe('cycleConfigFrom', () => {
  it('is the defaults when nothing is given, and keeps every default that is not changed', () => {
    expect(cycleConfigFrom(undefined)).toBe(DEFAULT_CYCLE_CONFIG);
    expect(cycleConfigFrom({ thresholds: { action: { blockAt: 4 } }, actionStreak: { warnAt: 5 } })).toEqual({
      ...DEFAULT_CYCLE_CONFIG,
      thresholds: { ...DEFAULT_CYCLE_CONFIG.thresholds, action: { warnAt: 2, blockAt: 4, cycleRepetitions: 3 } },
      actionStreak: { warnAt: 5, blockAt: 25 },
    });
  });

  it('names every problem at once, in words', () => {
    expect(() =>
      cycleConfigFrom({
        thresholds: { exploration: { warnAt: 0 }, actoin: {} },
        actionStreak: { warnAt: 50, blockAt: 10 },
        revisits: [],
        longestCycle: 12,
        failures: 2,
      }),
    ).toThrow(
      'the cycle settings are not valid: cycle.failures is not a setting (known: thresholds, explorationStreak, actionStreak, revisits, failuresBeforeEscalation, longestCycle); ' +
        'cycle.thresholds.actoin is not a setting (known: exploration, action); ' +
        'cycle.thresholds.exploration.warnAt must be a positive integer, got 0; ' +
        'cycle.actionStreak.warnAt (50) is above cycle.actionStreak.blockAt (10); a warning comes first; ' +
        'cycle.revisits must be an object; ' +
        'cycle.longestCycle must be between 2 and 10, got 12',
    );
    expect(() => cycleConfigFrom('strict')).toThrow('the cycle settings are not valid: cycle must be an object');
    expect(() => cycleConfigFrom({ thresholds: { action: { cycleRepetitions: 1 } } })).toThrow(
      'cycle.thresholds.action.cycleRepetitions must be at least 2',
    );
  });
});
