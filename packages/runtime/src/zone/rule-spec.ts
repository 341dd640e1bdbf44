import { matchesRecipient, type RecipientPattern } from '../governance/recipient-pattern.js';
import { type ArgvPattern, matchesArgv } from './argv-pattern.js';
import { type DomainPattern, matchesDomain } from './domain-pattern.js';
import type { Effect } from './effect.js';
import { matchesPath, type PathAnchors, type PathPattern } from './path-pattern.js';
import type { ToolPatterns } from './tool-pattern.js';

/** What a rule looks at. A rule has at most one kind of condition; without one it covers every target. */
export type Condition =
  | { readonly kind: 'none' }
  | { readonly kind: 'paths'; readonly patterns: readonly PathPattern[] }
  | { readonly kind: 'argv'; readonly pattern: ArgvPattern }
  | { readonly kind: 'domains'; readonly patterns: readonly DomainPattern[] }
  | { readonly kind: 'recipients'; readonly patterns: readonly RecipientPattern[] };

/** One rule of a policy file, checked and compiled. */
export interface RuleSpec {
  /** Its position in the file's `rules`. */
  readonly index: number;
  readonly id: string;
  readonly effect: Effect;
  readonly tools: ToolPatterns;
  readonly condition: Condition;
  readonly reason: string | undefined;
  readonly examples: { readonly match: readonly string[]; readonly notMatch: readonly string[] };
}

/** A path's two forms, both absolute. */
export interface PathForms {
  readonly lexical: string;
  readonly real: string;
}

/**
 * Whether a `paths` rule matches a path. Deny and ask rules match when either form does (a link cannot
 * hide a secret); allow rules only when both do (a link cannot borrow an allowed name).
 */
export function ruleMatchesPath(
  patterns: readonly PathPattern[],
  effect: Effect,
  path: PathForms,
  lexicalAnchors: PathAnchors,
  realAnchors: PathAnchors,
): boolean {
  const lexical = anyPath(patterns, path.lexical, lexicalAnchors);
  if (effect === 'allow') return lexical && anyPath(patterns, path.real, realAnchors);
  return lexical || anyPath(patterns, path.real, realAnchors);
}

/** Whether an `argv` rule matches one sub-command (deny and ask rules also know a program by its base name). */
export function ruleMatchesCommand(pattern: ArgvPattern, effect: Effect, argv: readonly string[]): boolean {
  return matchesArgv(pattern, argv, effect !== 'allow');
}

/** Whether a `domains` rule matches a host. */
export function ruleMatchesHost(patterns: readonly DomainPattern[], host: string): boolean {
  for (const pattern of patterns) if (matchesDomain(pattern, host)) return true;
  return false;
}

/** Whether a `recipients` rule matches an address (`local@domain`; see recipient-pattern.ts). */
export function ruleMatchesRecipient(patterns: readonly RecipientPattern[], address: string): boolean {
  for (const pattern of patterns) if (matchesRecipient(pattern, address)) return true;
  return false;
}

function anyPath(patterns: readonly PathPattern[], path: string, anchors: PathAnchors): boolean {
  for (const pattern of patterns) if (matchesPath(pattern, path, anchors)) return true;
  return false;
}
