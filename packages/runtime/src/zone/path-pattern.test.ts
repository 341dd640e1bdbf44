import { describe, expect, it } from 'vitest';
import { anchorFolder, compilePathPattern, matchesPath, type PathPattern } from './path-pattern.js';

const anchors = { workDir: '/w/proj', home: '/home/u' };

function compiled(text: string): PathPattern {
  const pattern = compilePathPattern(text);
  if (typeof pattern === 'string') throw new Error(pattern);
  return pattern;
}

const matches = (text: string, path: string) => matchesPath(compiled(text), path, anchors);

describe('compilePathPattern', () => {
  it.each([
    // Without a slash: any depth, any absolute path (outside the WorkDir too).
    ['.env', '/w/proj/.env', true],
    ['.env', '/w/proj/a/b/.env', true],
    ['.env', '/etc/.env', true],
    ['.env', '/w/proj/.env.local', false],
    ['*.pem', '/w/proj/certs/server.pem', true],
    ['*.pem', '/w/proj/server.pem.bak', false],
    ['build/', '/w/proj/pkg/build/out.js', true],
    // `**/` first: any depth as well.
    ['**/.env', '/w/proj/.env', true],
    ['**/.env', '/srv/app/.env', true],
    ['**/secrets/*.key', '/w/proj/a/secrets/x.key', true],
    ['**/secrets/*.key', '/w/proj/a/secrets/x.pem', false],
    // With a slash inside: under the WorkDir only.
    ['secrets/**', '/w/proj/secrets/a.txt', true],
    ['secrets/**', '/w/proj/secrets/deep/a.txt', true],
    ['secrets/**', '/w/proj/secrets', false],
    ['secrets/**', '/w/proj/src/secrets/a.txt', false],
    ['secrets/**', '/other/secrets/a.txt', false],
    ['src/*.ts', '/w/proj/src/a.ts', true],
    ['src/*.ts', '/w/proj/src/sub/a.ts', false],
    ['a/**/b', '/w/proj/a/b', true],
    ['a/**/b', '/w/proj/a/x/y/b', true],
    ['a/**/b', '/w/proj/a/xb', false],
    // Anchors.
    ['/', '/w/proj', true],
    ['/', '/w/proj/any/file', true],
    ['/', '/w/projector', false],
    ['/.env', '/w/proj/.env', true],
    ['/.env', '/w/proj/sub/.env', false],
    ['./docs', '/w/proj/docs/a.md', true],
    ['~/.ssh', '/home/u/.ssh/id_rsa', true],
    ['~/.ssh', '/w/proj/.ssh/id_rsa', false],
    ['//etc/**', '/etc/passwd', true],
    ['//etc/**', '/w/proj/etc/passwd', false],
    // A matching folder covers what is inside it.
    ['secrets', '/w/proj/secrets/a/b.txt', true],
    ['/node_modules', '/w/proj/node_modules/x/index.js', true],
    // Wildcards and classes stay inside one segment.
    ['?.txt', '/w/proj/a.txt', true],
    ['?.txt', '/w/proj/ab.txt', false],
    ['[abc].txt', '/w/proj/b.txt', true],
    ['[abc].txt', '/w/proj/d.txt', false],
    ['[!abc].txt', '/w/proj/d.txt', true],
    ['[^abc].txt', '/w/proj/a.txt', false],
    ['[a-c]x', '/w/proj/bx', true],
    ['[a-c]x', '/w/proj/dx', false],
    ['\\*.md', '/w/proj/*.md', true],
    ['\\*.md', '/w/proj/a.md', false],
    ['a-b+c(1).txt', '/w/proj/a-b+c(1).txt', true],
    // File names with a newline cannot slip past a pattern.
    ['secrets/**', '/w/proj/secrets/a\nb', true],
    ['*.pem', '/w/proj/a\nb.pem', true],
  ])('%s matches %j: %s', (pattern, path, expected) => {
    expect(matches(pattern, path)).toBe(expected);
  });

  it('treats the file-system root as the empty anchor folder', () => {
    expect(anchorFolder('/')).toBe('');
    expect(anchorFolder('/w/proj/')).toBe('/w/proj');
    expect(matchesPath(compiled('/etc/**'), '/etc/passwd', { workDir: '', home: '/home/u' })).toBe(true);
  });

  it.each([
    ['', 'is empty'],
    ['!secrets', '"!secrets": negation with "!" is not supported; rules are collected, not ordered'],
    ['a//b', '"a//b" has an empty segment ("//" inside the pattern)'],
    ['../up', '"../up" has a ".." segment, which no resolved path contains'],
    ['a/./b', '"a/./b" has a "." segment, which no resolved path contains'],
    ['[ab', '"[ab" has a "[" at position 1 that is never closed with "]"'],
    ['x[z-a]', '"x[z-a]" has the range "z-a", whose end comes before its start'],
    ['a\\', '"a\\" ends with a lone "\\"; write "\\\\" for a backslash'],
  ])('rejects %j: %s', (pattern, problem) => {
    expect(compilePathPattern(pattern)).toBe(problem);
  });

  it('takes linear time on patterns that make a backtracking matcher explode', () => {
    const started = performance.now();
    expect(matches('*a*a*a*a*a*a*a*b', `/w/proj/${'a'.repeat(250)}`)).toBe(false);
    expect(matches('**/a/**/a/**/a/**/a/**/b', `/w/proj${'/a'.repeat(2000)}`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('agrees with a plain recursive matcher on random patterns and paths', () => {
    const random = seeded(7);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const patternSegments = ['a', 'b', '*', '?', '**', 'a*', '*b', 'a?b', '*a*', '[ab]b', '[!a]*', '*a*b*'];
    const pathSegments = ['a', 'b', 'ab', 'ba', 'aab', 'abb', 'bab', 'x'];
    for (let round = 0; round < 2000; round++) {
      const pattern = Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(patternSegments));
      const path = Array.from({ length: 1 + Math.floor(random() * 5) }, () => pick(pathSegments));
      const text = `//${pattern.join('/')}`;
      const expected = path.some((_, end) => wholeMatch(pattern, path.slice(0, end + 1)));
      expect([text, path.join('/'), matches(text, `/${path.join('/')}`)]).toEqual([text, path.join('/'), expected]);
    }
  });
});

// The reference: gitignore semantics written the slow, obvious way.
function wholeMatch(pattern: readonly string[], path: readonly string[]): boolean {
  const [first, ...rest] = pattern;
  if (first === undefined) return path.length === 0;
  if (first === '**') {
    if (rest.length === 0) return path.length > 0;
    return path.some((_, skip) => wholeMatch(rest, path.slice(skip))) || wholeMatch(rest, []);
  }
  const [segment, ...others] = path;
  return segment !== undefined && segmentMatch(first, segment) && wholeMatch(rest, others);
}

function segmentMatch(pattern: string, text: string): boolean {
  if (pattern === '') return text === '';
  if (pattern.startsWith('*')) {
    return [...Array(text.length + 1).keys()].some((skip) => segmentMatch(pattern.slice(1), text.slice(skip)));
  }
  if (text === '') return false;
  if (pattern.startsWith('[')) {
    const end = pattern.indexOf(']');
    const body = pattern.slice(1, end);
    const negated = body.startsWith('!');
    const inside = (negated ? body.slice(1) : body).includes(text[0] as string);
    return inside !== negated && segmentMatch(pattern.slice(end + 1), text.slice(1));
  }
  const head = pattern[0];
  return (head === '?' || head === text[0]) && segmentMatch(pattern.slice(1), text.slice(1));
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}
