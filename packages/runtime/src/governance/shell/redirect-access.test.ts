import { describe, expect, it } from 'vitest';
import { redirectAccess } from './redirect-access.js';
import type { RedirectOperator } from './shell-token.js';

const target = (value: string, mask = 'u'.repeat(value.length)) => ({
  value,
  mask,
  source: value,
  start: 0,
  inner: [],
});

describe('redirectAccess', () => {
  it.each<[RedirectOperator, string, 'read' | 'write' | undefined]>([
    ['<', 'f', 'read'],
    ['>', 'f', 'write'],
    ['>>', 'f', 'write'],
    ['>|', 'f', 'write'],
    ['&>', 'f', 'write'],
    ['&>>', 'f', 'write'],
    ['<>', 'f', 'write'],
    ['>&', '1', undefined],
    ['>&', '-', undefined],
    ['>&', '3-', undefined],
    ['>&', 'log', 'write'],
    ['<&', '0', undefined],
    ['<&', 'in', 'read'],
    ['<<', 'EOF', undefined],
    ['<<-', 'EOF', undefined],
    ['<<<', 'text', undefined],
  ])('%s %s → %s', (op, value, expected) => {
    expect(redirectAccess({ op, target: target(value) })).toBe(expected);
  });

  it('takes a quoted number for a file name', () => {
    expect(redirectAccess({ op: '>&', target: target('1', 'q') })).toBe('write');
  });
});
