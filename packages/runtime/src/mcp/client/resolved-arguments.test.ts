import { describe, expect, it } from 'vitest';
import { withResolvedPaths } from './resolved-arguments.js';

describe('the arguments sent for a tool with path arguments', () => {
  it('replaces each judged path by its real path, copying only what it changes', () => {
    const args = { path: 'a.md', more: ['b.md', 'c.md'], edits: [{ at: 'd.md' }], keep: { x: 1 } };
    const sent = withResolvedPaths(
      args,
      new Map([
        ['/path', '/w/a.md'],
        ['/more/1', '/w/c.md'],
        ['/edits/0/at', '/w/d.md'],
        ['@patch', '/w/ignored'],
        ['/missing', '/w/nothing'],
      ]),
    ) as typeof args;
    expect(sent).toEqual({ path: '/w/a.md', more: ['b.md', '/w/c.md'], edits: [{ at: '/w/d.md' }], keep: { x: 1 } });
    expect(args.path).toBe('a.md');
    expect(sent.keep).toBe(args.keep);
  });
});
