import { type CycleConfig, DEFAULT_CYCLE_CONFIG } from './cycle-config.js';

type DeepPartial<T> = { readonly [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

/** A cell's changes to the CycleDetector's thresholds (`CellSpec.cycle`): what is left out keeps its default. */
export type CycleSettings = DeepPartial<CycleConfig>;

const STREAKS = ['explorationStreak', 'actionStreak', 'revisits'] as const;
const NUMBERS = ['failuresBeforeEscalation', 'longestCycle'] as const;
const TOP = ['thresholds', ...STREAKS, ...NUMBERS];

/**
 * The detector's configuration: `settings` over the defaults. Throws one error naming every problem:
 * an unknown key (with the known ones), a count that is not a positive integer, a warning that would
 * come after its block, a cycle shorter than 2 calls.
 */
export function cycleConfigFrom(settings: unknown): CycleConfig {
  if (settings === undefined) return DEFAULT_CYCLE_CONFIG;
  const problems: string[] = [];
  const record = object(settings, 'cycle', problems);
  if (record === undefined) throw settingsError(problems);
  unknownKeys(record, TOP, 'cycle', problems);
  const thresholdsIn = object(record.thresholds ?? {}, 'cycle.thresholds', problems) ?? {};
  unknownKeys(thresholdsIn, ['exploration', 'action'], 'cycle.thresholds', problems);
  const thresholds = {
    exploration: { ...DEFAULT_CYCLE_CONFIG.thresholds.exploration },
    action: { ...DEFAULT_CYCLE_CONFIG.thresholds.action },
  };
  for (const category of ['exploration', 'action'] as const) {
    const where = `cycle.thresholds.${category}`;
    const given = object(thresholdsIn[category] ?? {}, where, problems) ?? {};
    const merged = readCounts(given, thresholds[category], ['warnAt', 'blockAt', 'cycleRepetitions'], where, problems);
    orderProblem(merged, where, problems);
    if (merged.cycleRepetitions < 2) problems.push(`${where}.cycleRepetitions must be at least 2`);
    thresholds[category] = merged;
  }
  const streaks = {} as Record<(typeof STREAKS)[number], { warnAt: number; blockAt: number }>;
  for (const key of STREAKS) {
    const where = `cycle.${key}`;
    const given = object(record[key] ?? {}, where, problems) ?? {};
    streaks[key] = readCounts(given, { ...DEFAULT_CYCLE_CONFIG[key] }, ['warnAt', 'blockAt'], where, problems);
    orderProblem(streaks[key], where, problems);
  }
  const numbers = readCounts(
    record,
    {
      failuresBeforeEscalation: DEFAULT_CYCLE_CONFIG.failuresBeforeEscalation,
      longestCycle: DEFAULT_CYCLE_CONFIG.longestCycle,
    },
    NUMBERS,
    'cycle',
    problems,
  );
  if (numbers.longestCycle < 2 || numbers.longestCycle > 10) {
    problems.push(`cycle.longestCycle must be between 2 and 10, got ${numbers.longestCycle}`);
  }
  if (problems.length > 0) throw settingsError(problems);
  return { thresholds, ...streaks, ...numbers };
}

function settingsError(problems: readonly string[]): Error {
  return new Error(`the cycle settings are not valid: ${problems.join('; ')}`);
}

function object(value: unknown, where: string, problems: string[]): Record<string, unknown> | undefined {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  problems.push(`${where} must be an object`);
  return undefined;
}

function unknownKeys(record: Record<string, unknown>, known: readonly string[], where: string, problems: string[]) {
  for (const key of Object.keys(record)) {
    if (!known.includes(key)) problems.push(`${where}.${key} is not a setting (known: ${known.join(', ')})`);
  }
}

function readCounts<T extends Record<string, number>>(
  given: Record<string, unknown>,
  defaults: T,
  keys: readonly (keyof T & string)[],
  where: string,
  problems: string[],
): T {
  if (where !== 'cycle') unknownKeys(given, keys, where, problems);
  const merged: Record<string, number> = { ...defaults };
  for (const key of keys) {
    const value = given[key];
    if (value === undefined) continue;
    if (typeof value === 'number' && Number.isInteger(value) && value > 0) merged[key] = value;
    else problems.push(`${where}.${key} must be a positive integer, got ${JSON.stringify(value)}`);
  }
  return merged as T;
}

function orderProblem(counts: { warnAt: number; blockAt: number }, where: string, problems: string[]): void {
  if (counts.warnAt > counts.blockAt) {
    problems.push(
      `${where}.warnAt (${counts.warnAt}) is above ${where}.blockAt (${counts.blockAt}); a warning comes first`,
    );
  }
}
