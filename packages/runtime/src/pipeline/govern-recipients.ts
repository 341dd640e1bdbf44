import { compileRecipientPattern, matchesRecipient, type RecipientPattern } from '../governance/recipient-pattern.js';
import type { CallScope } from './call-scope.js';
import type { RecipientArgument } from './marked-arguments.js';
import { type Refusal, refuse } from './refusal.js';

/** The cell's list compiled once per list (a cell's spec is one object for all its runs). */
const compiled = new WeakMap<readonly string[], readonly RecipientPattern[] | string>();

/**
 * The Sandbox for `Recipient()` arguments: when the cell's spec has `email.allowRecipients`, every
 * recipient of every tool must match one of its patterns (see recipient-pattern.ts); without the list
 * any address passes, and the Zone's `recipients` rules decide.
 */
export function governRecipients(scope: CallScope, recipients: readonly RecipientArgument[]): Refusal | undefined {
  const allowed = scope.allowRecipients;
  if (allowed === undefined || recipients.length === 0) return undefined;
  const patterns = patternsOf(allowed);
  if (typeof patterns === 'string') {
    return refuse(
      'sandbox',
      'not_allowed',
      `Not allowed: nothing can be sent until the cell's email.allowRecipients is fixed: ${patterns}.`,
      'allow-recipients',
    );
  }
  for (const [index, { address }] of recipients.entries()) {
    if (patterns.some((pattern) => matchesRecipient(pattern, address))) continue;
    const list = allowed.length === 0 ? 'none: the list is empty' : allowed.join(', ');
    return {
      ...refuse(
        'sandbox',
        'not_allowed',
        `Not allowed: ${address} is not among the recipients this cell may send to (${list}). Leave it out, or ask the person running the cell to add it to email.allowRecipients.`,
        'allow-recipients',
      ),
      judged: recipients.slice(0, index + 1).map((recipient) => `recipient:${recipient.address}`),
    };
  }
  return undefined;
}

function patternsOf(allowed: readonly string[]): readonly RecipientPattern[] | string {
  let patterns = compiled.get(allowed);
  if (patterns === undefined) {
    const each = allowed.map((text) =>
      typeof text === 'string' ? compileRecipientPattern(text) : `${String(text)} is not a string`,
    );
    patterns = each.find((pattern) => typeof pattern === 'string') ?? (each as RecipientPattern[]);
    compiled.set(allowed, patterns);
  }
  return patterns;
}
