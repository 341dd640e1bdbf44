/**
 * The patterns of `email.allowRecipients`, compiled: case-insensitive; `*` matches any run of characters
 * except `@`, so `*@example.com` is everyone at example.com and `*@*.example.com` everyone at its
 * subdomains (not at example.com itself). Governance judges recipients by the same rule before a call
 * runs; the adapter checks again just before it sends, so nothing outside the list can leave.
 */
export interface RecipientPatterns {
  readonly patterns: readonly string[];
  matches(address: string): boolean;
}

/** Why `pattern` is no recipient pattern, or `undefined` when it is one. */
export function recipientPatternProblem(pattern: unknown): string | undefined {
  if (typeof pattern !== 'string' || pattern === '') return 'a pattern must be a non-empty string';
  if (/[\s<>,;"]|\p{Cc}/u.test(pattern)) return `${JSON.stringify(pattern)} has a space, a bracket or a separator`;
  const ats = pattern.split('@').length - 1;
  if (ats !== 1) return `${JSON.stringify(pattern)} needs exactly one '@', as in *@example.com or bob@example.org`;
  const [local, domain] = pattern.split('@') as [string, string];
  if (local === '' || domain === '') return `${JSON.stringify(pattern)} needs something on both sides of the '@'`;
  return undefined;
}

/** Compiles checked patterns (see `recipientPatternProblem`). */
export function recipientPatterns(patterns: readonly string[]): RecipientPatterns {
  const compiled = patterns.map(
    (pattern) => new RegExp(`^${pattern.split('*').map(escapeRegExp).join('[^@]*')}$`, 'iu'),
  );
  return {
    patterns,
    matches: (address) => compiled.some((pattern) => pattern.test(address)),
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
