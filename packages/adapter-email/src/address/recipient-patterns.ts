import { compileRecipientPattern, matchesRecipient, type RecipientPattern } from '@wesgine/runtime';

/**
 * The patterns of `email.allowRecipients`, compiled with governance's own syntax (case-insensitive; `*`
 * matches any run of characters except `@`: `*@example.com`, `bob@example.org`, `*@*.example.com` for
 * subdomains only). Governance judges recipients by them before a call runs; the adapter checks again
 * just before it sends, so nothing outside the list can leave.
 */
export interface RecipientPatterns {
  readonly patterns: readonly string[];
  matches(address: string): boolean;
}

/**
 * Compiles the list, or says (without a final period) what is wrong with the first pattern that is not
 * one, with its index.
 */
export function recipientPatterns(patterns: readonly unknown[]): RecipientPatterns | string {
  const compiled: RecipientPattern[] = [];
  for (const [index, text] of patterns.entries()) {
    if (typeof text !== 'string' || text === '') return `[${index}] must be a pattern such as *@example.com`;
    const pattern = compileRecipientPattern(text);
    if (typeof pattern === 'string') return `[${index}]: ${pattern}`;
    compiled.push(pattern);
  }
  return {
    patterns: Object.freeze(patterns.map(String)),
    matches: (address) => compiled.some((pattern) => matchesRecipient(pattern, address)),
  };
}
