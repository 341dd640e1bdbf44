/**
 * Thrown inside the shell analysis when reading must stop: the line cannot be read exactly as bash would
 * read it, or it is over a limit. `analyzeCommand` turns it into a denial; it never leaves the module.
 */
export class ShellRefusal extends Error {
  readonly rule: string;
  readonly at: number;

  constructor(rule: string, message: string, at: number) {
    super(message);
    this.name = 'ShellRefusal';
    this.rule = rule;
    this.at = at;
  }
}

/** The refusal for syntax the analysis cannot read exactly as bash would; `detail` is a clause. */
export function parseRefusal(detail: string, at: number): ShellRefusal {
  return new ShellRefusal(
    'shell-parse-error',
    `The command line cannot be analysed: ${detail} (at offset ${at}). Rewrite it with plainer shell syntax.`,
    at,
  );
}
