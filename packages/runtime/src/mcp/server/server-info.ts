import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Implementation } from '@modelcontextprotocol/sdk/types.js';
import { packageFolder } from '../../zone/default-zone.js';

let known: Implementation | undefined;

/** What `initialize` says about this server unless told otherwise: `wesgine-tools` and the runtime's version. */
export function defaultServerInfo(): Implementation {
  if (known === undefined) {
    const manifest = JSON.parse(readFileSync(join(packageFolder(), 'package.json'), 'utf8')) as { version?: unknown };
    known = { name: 'wesgine-tools', version: typeof manifest.version === 'string' ? manifest.version : '0.0.0' };
  }
  return known;
}
