import { ALLOW, type GovernanceVerdict } from '../verdict.js';

/** Something the analysis found on a command line that a person must approve (`ask`) or that is refused. */
export interface ShellFinding {
  readonly effect: 'ask' | 'deny';
  readonly rule: string;
  readonly message: string;
  /** Offset in the analysed line, to name the first offending construct. */
  readonly at: number;
  /** The error code of a denial; `denied` unless said. */
  readonly code?: string;
}

const SNIPPET_LENGTH = 60;

/** A piece of the command line for a message: in backquotes, cut at 60 characters. */
export function snippet(text: string): string {
  const short = text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH - 1)}…` : text;
  return `\`${short}\``;
}

/** The strictest finding wins (deny over ask); among equals, the one earliest in the line. */
export function verdictOf(findings: readonly ShellFinding[], allowRule?: string): GovernanceVerdict {
  let chosen: ShellFinding | undefined;
  for (const finding of findings) {
    if (
      chosen === undefined ||
      (finding.effect === 'deny' && chosen.effect === 'ask') ||
      (finding.effect === chosen.effect && finding.at < chosen.at)
    ) {
      chosen = finding;
    }
  }
  if (chosen === undefined) return allowRule === undefined ? ALLOW : { effect: 'allow', rule: allowRule };
  if (chosen.effect === 'deny') {
    return { effect: 'deny', code: chosen.code ?? 'denied', reason: chosen.message, rule: chosen.rule };
  }
  return { effect: 'ask', question: chosen.message, rule: chosen.rule };
}
