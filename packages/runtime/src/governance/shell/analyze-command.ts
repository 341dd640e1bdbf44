import type { GovernanceVerdict } from '../verdict.js';
import type { LinePath } from './line-path.js';
import { parseLine } from './parse-line.js';
import { type ShellFinding, verdictOf } from './shell-finding.js';
import { ShellRefusal } from './shell-refusal.js';
import type { SimpleCommand } from './simple-command.js';
import { ScriptWalker } from './walk-script.js';
import { START } from './working-places.js';

/** The Sandbox's reading of one command line, as bash would run it. */
export interface CommandAnalysis {
  /**
   * Every simple command of the line, in the order bash runs them, known wrappers unwrapped (`timeout`,
   * `nice`, `nohup`, `env`, `stdbuf`, `setsid`, `ionice`, `noglob`, `busybox`, `time`, `command`,
   * `builtin`, `exec`, `sudo`, `doas`): commands inside substitutions, subshells, groups, loops,
   * conditionals and function bodies included. A command of only assignments or redirections has an
   * empty `argv`. On a refusal, the commands read before it.
   */
  readonly commands: readonly SimpleCommand[];
  /** The Sandbox's judgement of the line itself. */
  readonly verdict: GovernanceVerdict;
  /**
   * Paths the line writes or changes into, for the Sandbox's containment check: redirection targets
   * (write for `>`, `>>`, `>|`, `&>`, `&>>`, `<>`; read for `<`) and the folders of `cd` and `pushd`
   * (access `read`, why `cd`). Relative paths are joined to earlier `cd`s of the line; where a `cd` may
   * not have happened (after `;` or `||`) the path is listed for every folder the shell may stand in.
   */
  readonly paths: readonly LinePath[];
  /**
   * The line's structure: `c` per command of `commands`, and the operators and compound commands
   * between them. `commands` and `shape` together are the line as bash reads it, whatever its spacing
   * and quoting (`touch  't'` and `touch t` are one line).
   */
  readonly shape: readonly string[];
  /**
   * The commands of code the line hands to another shell or runs later: `bash -c '..'` (wherever it
   * stands: `env`, `timeout`, `xargs`, `find -exec`), `eval '..'`, `trap '..'`, `su -c`, a shell's
   * here-document, nested up to 3 levels (deeper is refused, rule `inline-code-depth`; code that cannot be
   * read is refused too). Not in `commands`: bash does not run them itself. Hardline judges both.
   */
  readonly nested: readonly SimpleCommand[];
}

/**
 * Reads a command line the way bash reads it and judges it for the Sandbox: deny what cannot be read
 * exactly (rule `shell-parse-error`, `control-character`), an empty line (`empty-command`) and more than
 * 32 commands (`too-many-commands`); ask about what cannot be judged before it runs (substitutions,
 * `eval`, inline interpreters, dynamic command names, background jobs…); allow the rest. An allowed
 * line with words only known when it runs carries the rule `runtime-expansion`.
 */
export function analyzeCommand(text: string): CommandAnalysis {
  const findings: ShellFinding[] = [];
  const walker = new ScriptWalker(findings);
  try {
    const script = parseLine(text, (finding) => findings.push(finding));
    if (script.items.length === 0) {
      findings.push({
        effect: 'deny',
        rule: 'empty-command',
        message: 'The command line has no command to run.',
        at: 0,
      });
    }
    walker.walkScript(script, [START]);
  } catch (error) {
    if (!(error instanceof ShellRefusal)) throw error;
    findings.push({ effect: 'deny', rule: error.rule, message: error.message, at: error.at });
  }
  return {
    commands: walker.commands,
    verdict: verdictOf(findings, walker.dynamicArguments ? 'runtime-expansion' : undefined),
    paths: walker.paths,
    shape: walker.shape,
    nested: walker.nested,
  };
}
