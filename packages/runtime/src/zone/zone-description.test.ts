import { describe, expect, it } from 'vitest';
import { loadZone } from './load-zone.js';
import { toolNamesZone } from './tool-names-zone.js';
import type { Zone } from './zone.js';

// `Zone.describe()`: what a loaded zone shows of itself, through narrowing and the alias wrapper.

const parent = loadZone({
  version: 1,
  zone: 'team',
  defaults: { action: 'ask' },
  rules: [{ id: 'no-env', effect: 'deny', tools: ['*'], paths: ['**/.env'], reason: 'secrets' }],
});
const child = loadZone({
  version: 1,
  zone: 'bot',
  defaults: { exploration: 'ask' },
  rules: [{ id: 'tests', effect: 'allow', tools: ['exec'], argv: ['npm', 'test'] }],
});

describe('Zone.describe', () => {
  it('shows a loaded zone given as an object, without a file or text', () => {
    expect(parent.describe?.()).toEqual({
      id: 'team',
      file: undefined,
      text: undefined,
      rules: [
        {
          id: 'no-env',
          zone: 'team',
          effect: 'deny',
          tools: ['*'],
          condition: { kind: 'paths', patterns: ['**/.env'] },
          reason: 'secrets',
          examples: { match: [], notMatch: [] },
        },
      ],
      defaults: { exploration: 'allow', action: 'ask' },
    });
  });

  it('shows a narrowed zone as both chains, the parent first, with the stricter defaults', () => {
    const narrowed = parent.narrow(child).describe?.();
    expect(narrowed?.id).toBe('team > bot');
    expect(narrowed?.rules.map((rule) => [rule.zone, rule.id])).toEqual([
      ['team', 'no-env'],
      ['bot', 'tests'],
    ]);
    expect(narrowed?.defaults).toEqual({ exploration: 'ask', action: 'ask' });
  });

  it('passes through the alias wrapper, and is absent for a zone written as code', () => {
    expect(toolNamesZone(parent, () => undefined).describe?.()).toEqual(parent.describe?.());
    const code: Zone = {
      id: 'code',
      decide: () => ({ effect: 'allow', zone: 'code', rule: undefined, reason: 'ok' }),
      pathEffect: () => undefined,
      allowsHosts: () => false,
      narrow: () => code,
    };
    expect(toolNamesZone(code, () => undefined).describe).toBeUndefined();
    expect(parent.narrow(code).describe).toBeUndefined();
  });
});
