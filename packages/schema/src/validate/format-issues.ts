import { plural } from './describe-value.js';
import type { ValidationIssue } from './validation-issue.js';

/**
 * One plain-text message telling the model what to fix, e.g.
 *
 *     The arguments for `read_file` are not valid (2 problems):
 *     - /limit: must be <= 10000, got 20000
 *     - /path: is required but missing; expected a string
 *
 * Issues are sorted (see `sortIssues`), so the text does not depend on the order they were found in.
 */
export function formatIssues(toolName: string, issues: readonly ValidationIssue[]): string {
  return `The arguments for \`${toolName}\` are not valid ${issueList(issues)}`;
}

/** `(2 problems):` and one line per issue, `- /path: message`, sorted; the root is shown as `(arguments)`. */
export function issueList(issues: readonly ValidationIssue[]): string {
  const lines = sortIssues(issues).map(
    (issue) => `- ${issue.path === '' ? '(arguments)' : issue.path}: ${issue.message}`,
  );
  return [`(${plural(issues.length, 'problem')}):`, ...lines].join('\n');
}

/** A sorted copy: by path (array indexes in numeric order: `/2` before `/10`), then keyword, then message. */
export function sortIssues(issues: readonly ValidationIssue[]): ValidationIssue[] {
  return [...issues].sort(
    (a, b) => comparePaths(a.path, b.path) || compare(a.keyword, b.keyword) || compare(a.message, b.message),
  );
}

function comparePaths(a: string, b: string): number {
  if (a === b) return 0;
  const left = a.split('/');
  const right = b.split('/');
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const x = left[index] ?? '';
    const y = right[index] ?? '';
    if (x === y) continue;
    const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
    return numeric ? Number(x) - Number(y) : compare(x, y);
  }
  return left.length - right.length;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
