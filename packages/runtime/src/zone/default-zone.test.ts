import { describe, expect, it } from 'vitest';
import { DEFAULT_ZONE_FILE } from './default-zone.js';
import { loadZone } from './load-zone.js';

describe('the default zone file', () => {
  const zone = loadZone(DEFAULT_ZONE_FILE);
  const request = (tool: string, category: 'exploration' | 'action', path?: string) => ({
    tool,
    category,
    workDir: '/w',
    paths: path === undefined ? [] : [{ lexical: `/w/${path}`, real: `/w/${path}` }],
  });

  it('allows looking, asks before changing, and keeps secret files closed', () => {
    expect(zone.id).toBe('wesgine/default');
    expect(zone.decide(request('read', 'exploration', 'src/a.ts')).effect).toBe('allow');
    expect(zone.decide(request('write', 'action', 'src/a.ts')).effect).toBe('ask');
    expect(zone.decide(request('read', 'exploration', 'config/.env.local'))).toMatchObject({
      effect: 'deny',
      rule: 'no-secrets',
      reason: 'files that usually hold secrets are closed to agents',
    });
  });

  it('lets ask_user put its questions without an approval first, and nothing else by that rule', () => {
    expect(zone.decide(request('ask_user', 'action'))).toMatchObject({ effect: 'allow', rule: 'questions' });
    expect(zone.decide(request('exec', 'action')).effect).toBe('ask');
  });
});
