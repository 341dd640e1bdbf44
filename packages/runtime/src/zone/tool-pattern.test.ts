import { describe, expect, it } from 'vitest';
import { compileToolPatterns, matchesTool } from './tool-pattern.js';

describe('tool patterns', () => {
  const patterns = compileToolPatterns(['read', 'mcp:github/*', '*_file', 'a*b*c']);

  it.each([
    ['read', true],
    ['reader', false],
    ['mcp:github/create_issue', true],
    ['mcp:github/', true],
    ['mcp:gitlab/create_issue', false],
    ['write_file', true],
    ['write_file2', false],
    ['abc', true],
    ['a/x:b-c', true],
    ['acb', false],
    ['mcp:github.create_issue', false],
  ])('%s: %s', (tool, expected) => {
    expect(matchesTool(patterns, tool)).toBe(expected);
  });

  it('takes regex characters in names literally', () => {
    const dotted = compileToolPatterns(['a.b*']);
    expect(matchesTool(dotted, 'a.b.c')).toBe(true);
    expect(matchesTool(dotted, 'axb')).toBe(false);
  });

  it('matches every tool with "*"', () => {
    expect(matchesTool(compileToolPatterns(['*']), 'anything/at:all')).toBe(true);
  });
});
