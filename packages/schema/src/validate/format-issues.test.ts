import { describe, expect, it } from 'vitest';
import { formatIssues, sortIssues } from './format-issues.js';

describe('formatIssues', () => {
  it('writes one line per issue, sorted by path (indexes numerically) and then keyword', () => {
    const text = formatIssues('edit', [
      { path: '/edits/10/old_string', message: 'must be a string, got 5 (a number)', keyword: 'type' },
      { path: '/edits/2/new_string', message: 'is required but missing; expected a string', keyword: 'required' },
      { path: '', message: 'unexpected property "x"', keyword: 'additionalProperties' },
      { path: '/path', message: 'must match the pattern /^\\//, got "a" (a string)', keyword: 'pattern' },
      { path: '/path', message: 'must be at least 2 characters long, got 1 character', keyword: 'minLength' },
    ]);
    expect(text).toMatchInlineSnapshot(`
      "The arguments for \`edit\` are not valid (5 problems):
      - (arguments): unexpected property "x"
      - /edits/2/new_string: is required but missing; expected a string
      - /edits/10/old_string: must be a string, got 5 (a number)
      - /path: must be at least 2 characters long, got 1 character
      - /path: must match the pattern /^\\//, got "a" (a string)"
    `);
  });

  it('uses the singular for one problem', () => {
    expect(
      formatIssues('read_file', [{ path: '/limit', message: 'must be <= 10000, got 20000', keyword: 'maximum' }]),
    ).toBe('The arguments for `read_file` are not valid (1 problem):\n- /limit: must be <= 10000, got 20000');
  });

  it('does not reorder the array it was given', () => {
    const issues = [
      { path: '/b', message: 'm', keyword: 'type' },
      { path: '/a', message: 'm', keyword: 'type' },
    ];
    expect(sortIssues(issues).map((issue) => issue.path)).toEqual(['/a', '/b']);
    expect(issues.map((issue) => issue.path)).toEqual(['/b', '/a']);
  });
});
