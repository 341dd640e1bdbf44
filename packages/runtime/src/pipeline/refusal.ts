/** A stage's "no": the code the caller branches on, the message the model reads, who decided. */
export interface Refusal {
  readonly refused: true;
  readonly code: string;
  readonly message: string;
  readonly stage: string;
  readonly rule?: string;
  /** A governance refusal's canonical forms judged up to it, the refused one last (for the trace and the audit event). */
  readonly judged?: readonly string[];
}

export function refuse(stage: string, code: string, message: string, rule?: string): Refusal {
  return rule === undefined ? { refused: true, code, message, stage } : { refused: true, code, message, stage, rule };
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && (value as { refused?: unknown }).refused === true;
}
