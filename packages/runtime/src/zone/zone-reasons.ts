// The sentences a decision carries when its rule has no `reason` of its own, or when a default decided.
// Written without a final period, like rule reasons, so the pipeline can frame them.

import type { Effect } from './effect.js';
import type { Category } from './zone-defaults.js';

/**
 * What was judged: `read of /w/a.txt`, `exec running \`npm test\``, `web_search reaching x.org`,
 * `email.send to bob@x.org`.
 */
export type Subject =
  | { readonly kind: 'path'; readonly path: string }
  | { readonly kind: 'command'; readonly argv: readonly string[] }
  | { readonly kind: 'host'; readonly host: string }
  | { readonly kind: 'recipient'; readonly address: string }
  | { readonly kind: 'call' };

export function describeSubject(tool: string, subject: Subject): string {
  switch (subject.kind) {
    case 'path':
      return `${tool} of ${subject.path}`;
    case 'command':
      return `${tool} running \`${subject.argv.join(' ')}\``;
    case 'host':
      return `${tool} reaching ${subject.host}`;
    case 'recipient':
      return `${tool} to ${subject.address}`;
    case 'call':
      return `a call to ${tool}`;
  }
}

/** For a rule without a `reason`. */
export function ruleReason(rule: string, effect: Effect, subject: string): string {
  if (effect === 'deny') return `rule ${rule} refuses ${subject}`;
  if (effect === 'ask') return `rule ${rule} asks for approval of ${subject}`;
  return `rule ${rule} allows ${subject}`;
}

/** For a target no rule covers. */
export function defaultReason(category: Category, effect: Effect, subject: string): string {
  const verdict = effect === 'deny' ? 'are refused' : effect === 'ask' ? 'need approval' : 'are allowed';
  return `no rule covers ${subject}; ${category} calls ${verdict} by default`;
}
