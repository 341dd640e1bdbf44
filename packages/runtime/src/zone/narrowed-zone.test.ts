import { describe, expect, it } from 'vitest';
import { loadZone } from './load-zone.js';
import type { Zone, ZoneRequest } from './zone.js';

const exec = (...commands: string[][]): ZoneRequest => ({
  tool: 'exec',
  category: 'action',
  workDir: '/w',
  paths: [],
  commands,
});

const cell = loadZone({
  version: 1,
  zone: 'cell',
  defaults: { action: 'allow' },
  rules: [
    { id: 'no-rm', effect: 'deny', tools: ['exec'], argv: ['rm'], reason: 'nothing is removed here' },
    { id: 'git-asks', effect: 'ask', tools: ['exec'], argv: ['git'] },
  ],
});
const run = loadZone({
  version: 1,
  zone: 'run',
  rules: [
    { id: 'tests', effect: 'allow', tools: ['exec'], argv: ['npm', 'test'] },
    { id: 'git', effect: 'allow', tools: ['exec'], argv: ['git'] },
  ],
});

describe('narrow', () => {
  const narrowed = cell.narrow(run);

  it('names both zones', () => {
    expect(narrowed.id).toBe('cell > run');
  });

  it('keeps the stricter of the two decisions', () => {
    expect(narrowed.decide(exec(['npm', 'test']))).toMatchObject({ effect: 'allow', zone: 'cell' });
    expect(narrowed.decide(exec(['make']))).toEqual({
      effect: 'ask',
      zone: 'run',
      rule: 'default:action',
      reason: 'no rule covers exec running `make`; action calls need approval by default',
    });
    expect(narrowed.decide(exec(['git', 'status']))).toMatchObject({ effect: 'ask', zone: 'cell', rule: 'git-asks' });
    expect(narrowed.decide(exec(['rm', 'x']))).toEqual({
      effect: 'deny',
      zone: 'cell',
      rule: 'no-rm',
      reason: 'nothing is removed here',
    });
  });

  it('cannot be widened by a child whose rules allow more', () => {
    const loose = loadZone({
      version: 1,
      zone: 'loose',
      defaults: { action: 'allow' },
      rules: [{ id: 'all', effect: 'allow', tools: ['*'] }],
    });
    expect(cell.narrow(loose).decide(exec(['rm', 'x'])).rule).toBe('no-rm');
    expect(loose.narrow(cell).decide(exec(['git', 'log'])).rule).toBe('git-asks');
  });

  it('narrows again, and accepts any Zone', () => {
    const refuseAll: Zone = {
      id: 'sub-agent',
      decide: () => ({ effect: 'deny', zone: 'sub-agent', rule: 'all', reason: 'this agent only reads' }),
      pathEffect: () => 'deny',
      allowsHosts: () => false,
      narrow: () => refuseAll,
    };
    const twice = narrowed.narrow(refuseAll);
    expect(twice.id).toBe('cell > run > sub-agent');
    expect(twice.decide(exec(['npm', 'test']))).toEqual({
      effect: 'deny',
      zone: 'sub-agent',
      rule: 'all',
      reason: 'this agent only reads',
    });
  });
});
