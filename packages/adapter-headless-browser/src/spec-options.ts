import { accessSync, constants, statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { HeadlessBrowserSpec } from '@wesgine/runtime';

/** A `HeadlessBrowserSpec` with its defaults filled in. */
export interface HeadlessBrowserOptions {
  readonly contexts: number;
  readonly executablePath: string | undefined;
  readonly timeoutMs: number;
  readonly maxQueued: number;
}

const DEFAULTS = { contexts: 3, timeoutMs: 30_000, maxQueued: 64 } as const;
const FIELDS = ['contexts', 'executablePath', 'timeoutMs', 'maxQueued'] as const;

/**
 * Checks `CellSpec.headlessBrowser` and fills in its defaults; throws an `Error` naming the field and
 * what to give instead (the cell is then not created).
 */
export function headlessBrowserOptions(spec: HeadlessBrowserSpec): HeadlessBrowserOptions {
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) {
    throw new Error('headlessBrowser must be an object such as {} or { contexts: 2 }');
  }
  for (const key of Object.keys(spec)) {
    if (!(FIELDS as readonly string[]).includes(key)) {
      throw new Error(`headlessBrowser has no option '${key}'; its options are ${FIELDS.join(', ')}`);
    }
  }
  const contexts = integer(spec.contexts, 'contexts', DEFAULTS.contexts, 1, 16);
  const timeoutMs = integer(spec.timeoutMs, 'timeoutMs', DEFAULTS.timeoutMs, 1000, 300_000);
  const maxQueued = integer(spec.maxQueued, 'maxQueued', DEFAULTS.maxQueued, 0, 1000);
  return { contexts, timeoutMs, maxQueued, executablePath: executable(spec.executablePath) };
}

function integer(value: unknown, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new Error(
      `headlessBrowser.${name} must be a whole number from ${min} to ${max}; got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

function executable(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !isAbsolute(value)) {
    throw new Error(
      `headlessBrowser.executablePath must be the absolute path of a Chromium or Chrome; got ${JSON.stringify(value)}`,
    );
  }
  try {
    accessSync(value, constants.X_OK);
    const found = statSync(value);
    // Root passes access(X_OK) for some files no one may run; the mode bits say what is meant.
    if (found.isFile() && (found.mode & 0o111) !== 0) return value;
  } catch {
    // told below
  }
  throw new Error(
    `headlessBrowser.executablePath is ${value}, which is not an executable file; give the path of a Chromium or Chrome, or leave it out to use the one on PATH`,
  );
}
