import type { PlaywrightSpec } from '@wesgine/runtime';

/** `CellSpec.playwright` with every default filled in. */
export interface PlaywrightSettings {
  readonly maxSessions: number;
  readonly idleMs: number;
  readonly executablePath: string | undefined;
  readonly timeoutMs: number;
  readonly actionTimeoutMs: number;
  readonly maxSnapshotChars: number;
}

const LIMITS = {
  maxSessions: { default: 4, min: 1, max: 64, unit: 'sessions' },
  idleMs: { default: 300_000, min: 100, max: 86_400_000, unit: 'ms' },
  timeoutMs: { default: 15_000, min: 1_000, max: 300_000, unit: 'ms' },
  actionTimeoutMs: { default: 5_000, min: 100, max: 120_000, unit: 'ms' },
  maxSnapshotChars: { default: 40_000, min: 1_000, max: 1_000_000, unit: 'characters' },
} as const;

/**
 * The spec checked and completed. A wrong field throws an `Error` saying which field and what it may be,
 * so the cell is not made with a browser adapter that would fail later.
 */
export function playwrightSettings(spec: PlaywrightSpec): PlaywrightSettings {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    throw new Error('playwright must be an object such as {} or { maxSessions: 2 }');
  }
  const known = new Set([...Object.keys(LIMITS), 'executablePath']);
  const unknown = Object.keys(spec).filter((key) => !known.has(key));
  if (unknown.length > 0) {
    throw new Error(
      `playwright has no field ${unknown.map((key) => `'${key}'`).join(', ')}; it knows ${[...known].join(', ')}`,
    );
  }
  const number = (field: keyof typeof LIMITS): number => {
    const limit = LIMITS[field];
    const value = (spec as Record<string, unknown>)[field];
    if (value === undefined) return limit.default;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < limit.min || value > limit.max) {
      throw new Error(
        `playwright.${field} must be a whole number from ${limit.min} to ${limit.max} (${limit.unit}), not ${JSON.stringify(value)}`,
      );
    }
    return value;
  };
  const { executablePath } = spec;
  if (executablePath !== undefined && (typeof executablePath !== 'string' || !executablePath.startsWith('/'))) {
    throw new Error(
      `playwright.executablePath must be the absolute path of a Chromium or Chrome, not ${JSON.stringify(executablePath)}`,
    );
  }
  return {
    maxSessions: number('maxSessions'),
    idleMs: number('idleMs'),
    executablePath,
    timeoutMs: number('timeoutMs'),
    actionTimeoutMs: number('actionTimeoutMs'),
    maxSnapshotChars: number('maxSnapshotChars'),
  };
}
