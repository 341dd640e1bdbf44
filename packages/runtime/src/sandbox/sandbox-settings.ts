// How a cell configures its OS sandbox (`CellSpec.sandbox`), checked when the cell is created.
import { isAbsolute, resolve } from 'node:path';

/** Limits every sandboxed program and everything it starts lives under. */
export interface SandboxLimits {
  /** Processes (and threads) alive at once, all of the program's together. Default 512. */
  readonly processes?: number;
  /** The largest file a process may write, in bytes. Default 1 GiB. */
  readonly fileSizeBytes?: number;
  /** CPU time of each process, in seconds. Default 600. */
  readonly cpuSeconds?: number;
  /** Open files of each process. Default 4096. */
  readonly openFiles?: number;
}

export interface SandboxSettings {
  readonly limits?: SandboxLimits;
  /**
   * More folders the programs may read (never write), beyond the system folders and the cell's roots:
   * a toolchain installed under the home folder, say. Absolute, or relative to the WorkDir.
   */
  readonly readPaths?: readonly string[];
}

/** `CellSpec.sandbox`: on (the default, with default settings), on with settings, or explicitly off. */
export type SandboxSpec = 'on' | 'off' | SandboxSettings;

export interface ResolvedSandbox {
  readonly mode: 'on' | 'off';
  readonly limits: Required<SandboxLimits>;
  readonly readPaths: readonly string[];
}

export const DEFAULT_SANDBOX_LIMITS: Readonly<Required<SandboxLimits>> = Object.freeze({
  processes: 512,
  fileSizeBytes: 1024 ** 3,
  cpuSeconds: 600,
  openFiles: 4096,
});

const LIMIT_NAMES = Object.keys(DEFAULT_SANDBOX_LIMITS) as (keyof SandboxLimits)[];

/** The cell's sandbox with defaults filled in; throws an Error naming every problem of a bad spec. */
export function resolveSandbox(spec: SandboxSpec | undefined, workDir: string): ResolvedSandbox {
  if (spec === undefined || spec === 'on') return { mode: 'on', limits: DEFAULT_SANDBOX_LIMITS, readPaths: [] };
  if (spec === 'off') return { mode: 'off', limits: DEFAULT_SANDBOX_LIMITS, readPaths: [] };
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    throw new Error(`sandbox must be 'on', 'off' or an object of settings; got ${JSON.stringify(spec)}`);
  }
  const problems: string[] = [];
  for (const key of Object.keys(spec)) {
    if (key !== 'limits' && key !== 'readPaths') problems.push(`sandbox.${key} is not a setting (limits, readPaths)`);
  }
  const limits: Record<string, number> = { ...DEFAULT_SANDBOX_LIMITS };
  if (spec.limits !== undefined) {
    for (const [name, value] of Object.entries(spec.limits)) {
      if (!LIMIT_NAMES.includes(name as keyof SandboxLimits)) {
        problems.push(`sandbox.limits.${name} is not a limit (${LIMIT_NAMES.join(', ')})`);
      } else if (!Number.isSafeInteger(value) || (value as number) < 1) {
        problems.push(`sandbox.limits.${name} must be a whole number of at least 1; got ${JSON.stringify(value)}`);
      } else {
        limits[name] = value as number;
      }
    }
  }
  const readPaths: string[] = [];
  for (const path of spec.readPaths ?? []) {
    if (typeof path !== 'string' || path === '') problems.push(`sandbox.readPaths holds ${JSON.stringify(path)}`);
    else readPaths.push(isAbsolute(path) ? resolve(path) : resolve(workDir, path));
  }
  if (problems.length > 0) throw new Error(`the sandbox settings are not valid: ${problems.join('; ')}`);
  return { mode: 'on', limits: limits as Required<SandboxLimits>, readPaths };
}
