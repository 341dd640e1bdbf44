import { describe, expect, it } from 'vitest';
import { toolNamesZone } from './tool-names-zone.js';
import { zoneFrom } from './zone-source.js';

const policy = {
  version: 1,
  zone: 'test/aliases',
  defaults: { exploration: 'allow', action: 'allow' },
  rules: [
    { id: 'no-search', effect: 'deny', tools: ['search_files'], reason: 'no searching' },
    { id: 'ask-finds', effect: 'ask', tools: ['find_*'], reason: 'ask before listing' },
  ],
} as const;

const request = (tool: string) => ({ tool, category: 'exploration' as const, workDir: '/w', paths: [] });

describe('toolNamesZone', () => {
  it('lets a rule naming an alias, or a glob matching one, govern the tool by its own name', () => {
    const aliases: Record<string, readonly string[]> = { grep: ['search_files'], glob: ['find_files'] };
    const zone = toolNamesZone(zoneFrom(policy, '/w'), (tool) => aliases[tool]);
    expect(zone.decide(request('grep'))).toMatchObject({ effect: 'deny', rule: 'no-search' });
    expect(zone.decide(request('glob'))).toMatchObject({ effect: 'ask', rule: 'ask-finds' });
    expect(zone.decide(request('read'))).toMatchObject({ effect: 'allow', rule: 'default:exploration' });
    // Narrowing keeps the aliases.
    expect(
      zone.narrow(zoneFrom({ ...policy, zone: 'test/child', rules: [] }, '/w')).decide(request('grep')).effect,
    ).toBe('deny');
  });

  it('without the wrapper, a rule on an alias does not reach the tool (what the wrapper fixes)', () => {
    expect(zoneFrom(policy, '/w').decide(request('grep')).effect).toBe('allow');
  });
});
