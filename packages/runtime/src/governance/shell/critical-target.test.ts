import { describe, expect, it } from 'vitest';
import { criticalTarget } from './critical-target.js';

describe('criticalTarget', () => {
  it.each([
    ['/', 'the root folder'],
    ['//', 'the root folder'],
    ['/./', 'the root folder'],
    ['/*', 'everything under the root folder'],
    ['/.*', 'everything under the root folder'],
    ['/u*', 'everything under the root folder'],
    ['/u*/lib', 'top-level folders of the system'],
    ['/opt', 'the system folder /opt'],
    ['/workspace/', 'the system folder /workspace'],
    ['/usr/lib', 'the system folder /usr/lib'],
    ['/usr/*', 'everything in the system folder /usr'],
    ['/home/u', 'a home folder /home/u'],
    ['/Users/u/', 'a home folder /Users/u'],
    ['~', 'the home folder'],
    ['~/', 'the home folder'],
    ['~/*', 'the home folder'],
    ['~bob', 'the home folder'],
    ['$HOME', 'the home folder'],
    [`\${HOME}/.*`, 'the home folder'],
    ['$X/', 'the root folder whenever $X is empty'],
    [`\${X}/*`, `the root folder whenever \${X} is empty`],
  ])('%s is %s', (target, expected) => {
    expect(criticalTarget(target)).toBe(expected);
  });

  it.each([
    '/usr/local/lib',
    '/home/u/proj',
    '/tmp/x',
    '/opt/app/x',
    'build',
    './build',
    '*',
    '~/proj',
    '$X/build',
    `\${X:?}/`,
  ])('%s is not', (target) => {
    expect(criticalTarget(target)).toBeUndefined();
  });

  it('counts the working folder and the folders above it only when asked', () => {
    for (const target of ['.', './', '..', '../..', './..']) {
      expect(criticalTarget(target)).toBeUndefined();
      expect(criticalTarget(target, true)).toBe('the working folder or a folder above it');
    }
    expect(criticalTarget('../x', true)).toBeUndefined();
  });
});
