import type { ApprovalDecision } from '../approval/approval-request.js';
import { type JsonObject, unknownKey } from './json-body.js';

export type ParsedDecision =
  | { readonly ok: true; readonly value: ApprovalDecision }
  | { readonly ok: false; readonly message: string };

/**
 * The body of `POST /approvals/:id`: `{ decision: 'approve', scope?: 'once' | 'session' }` or
 * `{ decision: 'deny', reason?: string }`, nothing else.
 */
export function parseDecision(body: JsonObject): ParsedDecision {
  const { decision } = body;
  if (decision === 'approve') {
    const extra = unknownKey(body, ['decision', 'scope']);
    if (extra !== undefined) return { ok: false, message: `unknown field '${extra}'; approve takes only scope` };
    const { scope } = body;
    if (scope === undefined) return { ok: true, value: { decision } };
    if (scope !== 'once' && scope !== 'session') return { ok: false, message: "'scope' must be 'once' or 'session'" };
    return { ok: true, value: { decision, scope } };
  }
  if (decision === 'deny') {
    const extra = unknownKey(body, ['decision', 'reason']);
    if (extra !== undefined) return { ok: false, message: `unknown field '${extra}'; deny takes only reason` };
    const { reason } = body;
    if (reason === undefined) return { ok: true, value: { decision } };
    if (typeof reason !== 'string') return { ok: false, message: "'reason' must be a string" };
    return { ok: true, value: { decision, reason } };
  }
  return { ok: false, message: "'decision' must be 'approve' or 'deny'" };
}
