import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CYCLE_CONFIG } from './cycle-config.js';
import { type CycleCall, CycleDetector, VERDICTS_KEPT } from './cycle-detector.js';

// `CycleDetector.snapshot()`: what a person watching a run sees of its detector.

const read = (path: string): CycleCall => ({ tool: 'read', args: { path }, category: 'exploration' });
const touch = (path: string): CycleCall => ({
  tool: 'touch',
  args: { path },
  category: 'action',
  targets: [`/work/${path}`],
});

const AT = '2026-01-02T03:04:05.000Z';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(AT));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('CycleDetector.snapshot', () => {
  it('of a fresh detector: its config, no counts, nothing remembered', () => {
    expect(new CycleDetector().snapshot()).toEqual({
      config: DEFAULT_CYCLE_CONFIG,
      repeat: { tool: undefined, count: 0 },
      explorationStreak: 0,
      actionStreak: 0,
      recent: [],
      verdicts: [],
    });
  });

  it('after the same read five times: the repeat count, the streak and the warn, warn, block it said', () => {
    const detector = new CycleDetector();
    for (let time = 0; time < 5; time++) detector.before(read('a'));
    const note = (times: number) =>
      `Note: read was called with the same arguments ${times} times in a row. If the result did not help, change the arguments or the approach.`;
    expect(detector.snapshot()).toEqual({
      config: DEFAULT_CYCLE_CONFIG,
      repeat: { tool: 'read', count: 5 },
      explorationStreak: 5,
      actionStreak: 0,
      recent: Array(5).fill({ tool: 'read', category: 'exploration' }),
      verdicts: [
        { at: AT, tool: 'read', action: 'warn', rule: 'repeat', message: note(3) },
        { at: AT, tool: 'read', action: 'warn', rule: 'repeat', message: note(4) },
        {
          at: AT,
          tool: 'read',
          action: 'block',
          rule: 'repeat',
          message:
            'Not run: read was called with the same arguments 5 times in a row. The result will not change; try another approach.',
        },
      ],
    });
  });

  it('counts the same failure on one target until it escalates, and forgets it after a success', () => {
    const detector = new CycleDetector();
    for (let time = 0; time < 3; time++) {
      detector.before(touch('a'));
      detector.after(touch('a'), { ok: false, errorCode: 'not_found' });
    }
    const snapshot = detector.snapshot();
    expect(snapshot.failure).toEqual({ target: '/work/a', code: 'not_found', count: 3 });
    expect(snapshot.actionStreak).toBe(3);
    expect(snapshot.verdicts.map((verdict) => [verdict.action, verdict.rule])).toEqual([
      ['warn', 'repeat'],
      ['block', 'repeat'],
      ['escalate', 'failures'],
    ]);
    expect(snapshot.verdicts.at(-1)?.message).toBe(
      'touch failed 3 times in a row with not_found on the same target. Stop and ask the user how to go on, or try a different approach.',
    );
    detector.before(read('b'));
    detector.after(read('b'), { ok: true });
    expect(detector.snapshot().failure).toBeUndefined();
    expect(detector.snapshot().repeat).toEqual({ tool: 'read', count: 1 });
  });

  it(`keeps the latest ${VERDICTS_KEPT} verdicts, oldest first, and keeps them through reset()`, () => {
    // No streak warnings among the repeats: only those are counted here.
    const detector = new CycleDetector({ ...DEFAULT_CYCLE_CONFIG, explorationStreak: { warnAt: 100, blockAt: 200 } });
    const paths = Array.from({ length: 8 }, (_, index) => `f${index}`);
    const second = (index: number) => new Date(Date.parse(AT) + index * 1000).toISOString();
    // Each path read four times, in its own second: warned on the third and fourth, 24 warnings in all.
    for (const [index, path] of [...paths, ...paths.slice(0, 4)].entries()) {
      vi.setSystemTime(new Date(second(index)));
      for (let time = 0; time < 4; time++) detector.before(read(path));
    }
    const { verdicts } = detector.snapshot();
    expect(verdicts).toHaveLength(VERDICTS_KEPT);
    // The first four (those of the first two paths) are forgotten.
    expect(verdicts.map((verdict) => verdict.at)).toEqual(
      Array.from({ length: VERDICTS_KEPT }, (_, index) => second(2 + Math.floor(index / 2))),
    );
    expect(verdicts.map((verdict) => verdict.action)).toEqual(Array(VERDICTS_KEPT).fill('warn'));
    detector.reset();
    const after = detector.snapshot();
    expect(after.verdicts).toEqual(verdicts);
    expect(after.repeat).toEqual({ tool: undefined, count: 0 });
    expect(after.explorationStreak).toBe(0);
    expect(after.recent).toEqual([]);
  });

  it('is a copy: changing it changes nothing in the detector', () => {
    const detector = new CycleDetector();
    for (let time = 0; time < 3; time++) detector.before(read('a'));
    const snapshot = detector.snapshot();
    (snapshot.verdicts as unknown[]).length = 0;
    (snapshot.recent as unknown[]).push({ tool: 'x', category: 'action' });
    (snapshot.config.thresholds.exploration as { warnAt: number }).warnAt = 99;
    expect(detector.snapshot().verdicts).toHaveLength(1);
    expect(detector.snapshot().recent).toHaveLength(3);
    expect(detector.snapshot().config).toEqual(DEFAULT_CYCLE_CONFIG);
    expect(detector.before(read('a')).action).toBe('warn');
  });
});
