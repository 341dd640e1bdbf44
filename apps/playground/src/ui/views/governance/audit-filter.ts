import type { AuditEvent } from '../../api/types.js';

/** The filters' value for "any". */
export const ANY = '';
/** The outcome filter's value for every outcome but `ok`. */
export const NOT_OK = '!ok';

export interface AuditFilter {
  /** Words looked for, case aside, in the tool, its alias, the outcome, stage, rule, agent, session, source and judged targets. */
  readonly text: string;
  /** `ANY`, `ok`, `NOT_OK`, or one error code. */
  readonly outcome: string;
  /** `ANY` or one deciding stage. */
  readonly stage: string;
}

/** Whether the audit stream shows an event under the filters. */
export function matchesAudit(event: AuditEvent, filter: AuditFilter): boolean {
  const { outcome, stage } = filter;
  if (outcome !== ANY && (outcome === NOT_OK ? event.outcome === 'ok' : event.outcome !== outcome)) return false;
  if (stage !== ANY && event.stage !== stage) return false;
  const needle = filter.text.trim().toLowerCase();
  return needle === '' || searchText(event).includes(needle);
}

function searchText(event: AuditEvent): string {
  return [
    event.tool,
    event.calledAs,
    event.outcome,
    event.stage,
    event.rule,
    event.agentId,
    event.sessionId,
    event.sourceId ?? event.source,
    ...(event.judged ?? []),
  ]
    .filter((part) => part !== undefined)
    .join(' ')
    .toLowerCase();
}
