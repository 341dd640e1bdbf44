/**
 * What a governance stage (Hardline, Sandbox, Zone) says of one call. `deny` carries the error code and
 * the reason the model reads; `ask` carries the question a human answers. `rule` names the rule that
 * decided, for the audit record.
 */
export type GovernanceVerdict =
  | { readonly effect: 'allow'; readonly rule?: string }
  | { readonly effect: 'deny'; readonly code: string; readonly reason: string; readonly rule?: string }
  | { readonly effect: 'ask'; readonly question: string; readonly rule?: string };

export const ALLOW: GovernanceVerdict = Object.freeze({ effect: 'allow' });
