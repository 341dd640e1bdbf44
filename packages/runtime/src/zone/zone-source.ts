import { resolve } from 'node:path';
import { loadZone } from './load-zone.js';
import type { Zone } from './zone.js';

/** Where a cell or a run gets its Zone: loaded already, a policy object, or a JSON or YAML file path. */
export type ZoneSource = Zone | string | Readonly<Record<string, unknown>>;

/**
 * The Zone a source names. Files and objects are loaded and checked here; a relative file path, and an
 * object's `extends`, are taken from `baseDir`.
 */
export function zoneFrom(source: ZoneSource, baseDir: string): Zone {
  if (typeof source === 'string') return loadZone(resolve(baseDir, source));
  if (typeof (source as Partial<Zone>).decide === 'function') return source as Zone;
  return loadZone(source, { baseDir });
}
