import { expandBraces } from './brace-expansion.js';
import { changeDirectory } from './change-directory.js';
import { MAX_COMMANDS, tooManyCommands } from './command-limit.js';
import type { CommandWord } from './command-word.js';
import { type InlineScript, inlineScripts, withPositional } from './inline-scripts.js';
import { judgeCommand } from './judge-command.js';
import type { LinePath } from './line-path.js';
import { parseLine } from './parse-line.js';
import { HERE_OPERATORS, redirectAccess } from './redirect-access.js';
import { type ShellFinding, snippet } from './shell-finding.js';
import { parseRefusal, ShellRefusal } from './shell-refusal.js';
import type { AndOr, Command, CompoundNode, Pipeline, Redirect, Script, SimpleNode } from './shell-syntax.js';
import { type ShellWord, wordExpansions } from './shell-word.js';
import type { SimpleCommand } from './simple-command.js';
import { unwrapCommand } from './unwrap-command.js';
import { joinPath, MAX_PLACES, type Outcome, type Place, same, unionPlaces } from './working-places.js';

interface FunctionFrame {
  readonly name: string;
  selfCalls: number;
  concurrentSelfCall: boolean;
}

type RedirectRecord = SimpleCommand['redirects'][number];

const SHELL_WRAPPERS = ['command', 'builtin'];

/** How deep code inside code (`bash -c "eval '..'"`) is followed; deeper is refused. */
export const MAX_INLINE_DEPTH = 3;

/**
 * Walks a parsed line in the order bash runs it: lists every simple command (wrappers off), collects
 * redirection targets and `cd` folders as paths, follows the working folder through `cd`, `pushd` and
 * `popd` (and through `&&`, `||`, subshells and pipelines, which do not carry it on), and reports what
 * needs a person's approval.
 */
export class ScriptWalker {
  readonly commands: SimpleCommand[] = [];
  readonly paths: LinePath[] = [];
  /** Whether some argument word is only known when the line runs. */
  dynamicArguments = false;
  /**
   * The line's structure without its words: `c` for each simple command (in `commands` order), the
   * operators between them and the compound commands around them. With `commands`, the canonical form
   * of the line: whitespace, quoting and comments do not change it.
   */
  readonly shape: string[] = [];
  private readonly seenPaths = new Set<string>();
  private readonly functions: FunctionFrame[] = [];
  /**
   * The commands of the code this line hands to other shells (`bash -c '..'`, `eval '..'`, `trap '..'`),
   * as deep as `MAX_INLINE_DEPTH`, with their positional parameters filled in where the line gives them.
   * Hardline judges them too; their redirection targets and `cd` folders join `paths`.
   */
  readonly nested: SimpleCommand[] = [];
  private inherited: readonly RedirectRecord[] = [];
  private inheritedStdin = false;
  private concurrent = 0;
  private loops = 0;

  constructor(
    private readonly findings: ShellFinding[],
    private readonly depth = 0,
  ) {}

  private ask(rule: string, message: string, at: number): void {
    this.findings.push({ effect: 'ask', rule, message, at });
  }

  walkScript(script: Script, start: readonly Place[]): readonly Place[] {
    let places = start;
    for (const item of script.items) {
      this.shape.push(item.background ? '&' : ';');
      if (!item.background) {
        places = this.walkAndOr(item.chain, places);
        continue;
      }
      const first = item.chain.first.commands[0];
      const at = first?.start ?? 0;
      this.ask(
        'background',
        `The command line runs ${snippet(this.describeChain(item.chain))} in the background (\`&\`), where it would keep running after the call returns.`,
        at,
      );
      this.concurrent++;
      this.walkAndOr(item.chain, places);
      this.concurrent--;
    }
    return places;
  }

  private describeChain(chain: AndOr): string {
    const first = chain.first.commands[0];
    return first?.kind === 'simple' ? first.words.map((word) => word.source).join(' ') : 'a compound command';
  }

  private walkAndOr(chain: AndOr, start: readonly Place[]): readonly Place[] {
    let outcome = this.walkPipeline(chain.first, start);
    for (const { op, pipeline } of chain.rest) {
      this.shape.push(op);
      if (op === '&&') {
        const next = this.walkPipeline(pipeline, outcome.ok.length > 0 ? outcome.ok : start);
        outcome = { ok: next.ok, failed: unionPlaces(outcome.failed, next.failed) };
      } else {
        const next = this.walkPipeline(pipeline, outcome.failed.length > 0 ? outcome.failed : start);
        outcome = { ok: unionPlaces(outcome.ok, next.ok), failed: next.failed };
      }
    }
    return this.capped(unionPlaces(outcome.ok, outcome.failed), chain.first.commands[0]?.start ?? 0);
  }

  private capped(places: readonly Place[], at: number): readonly Place[] {
    if (places.length <= MAX_PLACES) return places;
    this.ask(
      'untracked-directory',
      `The command line changes folder in too many ways for the analysis to follow (more than ${MAX_PLACES} possible folders).`,
      at,
    );
    return places.slice(0, MAX_PLACES);
  }

  private walkPipeline(pipeline: Pipeline, places: readonly Place[]): Outcome {
    if (pipeline.negated) this.shape.push('!');
    const [only, ...others] = pipeline.commands;
    if (only !== undefined && others.length === 0) {
      const outcome = this.walkCommand(only, places, false);
      return pipeline.negated ? { ok: outcome.failed, failed: outcome.ok } : outcome;
    }
    this.concurrent++;
    pipeline.commands.forEach((command, index) => {
      if (index > 0) this.shape.push('|');
      this.walkCommand(command, places, index > 0);
    });
    this.concurrent--;
    return same(places);
  }

  private walkCommand(command: Command, places: readonly Place[], piped: boolean): Outcome {
    if (command.kind === 'simple') return this.walkSimple(command, places, piped);
    if (command.kind === 'function') return this.walkFunction(command, places);
    const saved = { inherited: this.inherited, stdin: this.inheritedStdin };
    const records = this.redirectRecords(command.redirects, places);
    this.inherited = [...this.inherited, ...records];
    this.inheritedStdin ||= piped || command.redirects.some((redirect) => HERE_OPERATORS.includes(redirect.op));
    this.shape.push(`${command.kind}(`, ...records.map((record) => record.op));
    try {
      return this.walkCompound(command, places);
    } finally {
      this.shape.push(')');
      this.inherited = saved.inherited;
      this.inheritedStdin = saved.stdin;
    }
  }

  private walkCompound(command: CompoundNode, places: readonly Place[]): Outcome {
    switch (command.kind) {
      case 'subshell':
        this.walkScript(command.body, places);
        return same(places);
      case 'group':
        return same(this.walkScript(command.body, places));
      case 'if': {
        const ends: (readonly Place[])[] = [];
        let current = places;
        for (const branch of command.branches) {
          current = this.walkScript(branch.condition, current);
          ends.push(this.walkScript(branch.body, current));
        }
        ends.push(command.otherwise === undefined ? current : this.walkScript(command.otherwise, current));
        return same(unionPlaces(...ends));
      }
      case 'while': {
        this.loops++;
        const condition = this.walkScript(command.condition, places);
        const body = this.walkScript(command.body, condition);
        this.loops--;
        return same(unionPlaces(places, condition, body));
      }
      case 'for': {
        for (const word of command.words) this.walkInner(word, places);
        this.loops++;
        const body = this.walkScript(command.body, places);
        this.loops--;
        return same(unionPlaces(places, body));
      }
      case 'case': {
        this.walkInner(command.subject, places);
        for (const arm of command.arms) for (const pattern of arm.patterns) this.walkInner(pattern, places);
        return same(unionPlaces(places, ...command.arms.map((arm) => this.walkScript(arm.body, places))));
      }
      case 'arithmetic': {
        this.walkInner(command.expression, places);
        this.emitKeyword(['((', command.expression.value.slice(2, -2), '))'], [1], command.start);
        return same(places);
      }
      case 'conditional': {
        for (const word of command.words) this.walkInner(word, places);
        const dynamic = command.words.flatMap((word, index) => (wordExpansions(word).length > 0 ? [index] : []));
        this.emitKeyword(
          command.words.map((word) => word.value),
          dynamic,
          command.start,
        );
        return same(places);
      }
    }
  }

  private walkFunction(command: Command & { kind: 'function' }, places: readonly Place[]): Outcome {
    this.ask(
      'function-definition',
      `The command line defines the shell function ${snippet(command.name)}, which takes the place of any command of that name.`,
      command.start,
    );
    const frame: FunctionFrame = { name: command.name, selfCalls: 0, concurrentSelfCall: false };
    const concurrent = this.concurrent;
    this.functions.push(frame);
    this.concurrent = 0;
    this.shape.push(`function ${command.name}(`);
    this.walkCommand(command.body, places, false);
    this.shape.push(')');
    this.concurrent = concurrent;
    this.functions.pop();
    if (frame.concurrentSelfCall || frame.selfCalls >= 2) {
      this.findings.push({
        effect: 'deny',
        code: 'hardline_denied',
        rule: 'fork-bomb',
        message: `The function ${snippet(command.name)} calls itself ${frame.concurrentSelfCall ? 'in a pipeline or in the background' : 'more than once'}: a fork bomb, which would exhaust the machine's processes.`,
        at: command.start,
      });
    }
    return same(places);
  }

  /** Walks the command and process substitutions inside a word: they run first, in a subshell. */
  private walkInner(word: ShellWord, places: readonly Place[]): void {
    for (const script of word.inner) this.walkScript(script, places);
  }

  private expand(word: ShellWord): CommandWord[] {
    const expanded = expandBraces(word);
    if (expanded === undefined) {
      throw parseRefusal(`the word ${snippet(word.source)} expands to too many words`, word.start);
    }
    return expanded.map((result, index) => ({
      value: result.value,
      expansions: wordExpansions(result, result.braces),
      source: index === 0 ? word.source : '',
    }));
  }

  private redirectRecords(redirects: readonly Redirect[], places: readonly Place[]): RedirectRecord[] {
    return redirects.map((redirect) => {
      this.walkInner(redirect.target, places);
      if (redirect.hereDocument?.body !== undefined) {
        this.walkInner(redirect.hereDocument.body, places);
        this.shape.push(`<<${redirect.hereDocument.body.value}`);
      }
      const op = `${redirect.fd ?? ''}${redirect.op}`;
      const target = redirect.hereDocument?.delimiter ?? redirect.target.value;
      const access = redirectAccess(redirect);
      if (access !== undefined) this.redirectPath(redirect.target, access, places);
      return { op, target };
    });
  }

  private redirectPath(target: ShellWord, access: 'read' | 'write', places: readonly Place[]): void {
    const expanded = expandBraces(target);
    const dynamic = expanded?.length !== 1 || wordExpansions(target, expanded[0]?.braces).length > 0;
    if (dynamic) {
      this.ask(
        'dynamic-path',
        `The redirection target ${snippet(target.source)} is only known when the line runs, so the file it ${access === 'write' ? 'writes' : 'reads'} cannot be checked.`,
        target.start,
      );
      this.addPath({ value: target.value, access, why: 'redirect' });
      return;
    }
    for (const place of places) this.addPath({ value: joinPath(place.cwd, target.value), access, why: 'redirect' });
  }

  addPath(path: LinePath): void {
    const key = `${path.access}\0${path.why}\0${path.value}`;
    if (this.seenPaths.has(key)) return;
    this.seenPaths.add(key);
    this.paths.push(path);
  }

  private walkSimple(node: SimpleNode, places: readonly Place[], piped: boolean): Outcome {
    for (const assignment of node.assignments) this.walkInner(assignment.value, places);
    for (const word of node.words) this.walkInner(word, places);
    const records = this.redirectRecords(node.redirects, places);
    const words = node.words.flatMap((word) => this.expand(word));
    const name = node.words[0];
    if (name !== undefined && words.length > 0 && words[1]?.source === '') {
      this.ask(
        'glob-command',
        `The command name ${snippet(name.source)} is a brace expansion that bash turns into several words, which hides the program that runs.`,
        node.start,
      );
    }
    const unwrapped = unwrapCommand(words);
    const assignments = [
      ...node.assignments.map(({ name, value }) => ({
        name,
        value: value.value,
        substituted: value.mask.includes('c'),
      })),
      ...unwrapped.assignments,
    ];
    const stdinFed =
      piped || this.inheritedStdin || node.redirects.some((redirect) => HERE_OPERATORS.includes(redirect.op));
    for (const finding of unwrapped.findings) this.ask(finding.rule, finding.message, node.start);
    const program = unwrapped.words[0];
    if (program?.source.includes("$'")) {
      this.ask(
        'obfuscated-command',
        `The command name ${snippet(program.source)} is spelled with escapes; it runs ${snippet(program.value)}.`,
        node.start,
      );
    }
    for (const finding of judgeCommand({ words: unwrapped.words, assignments, stdinFed })) {
      this.ask(finding.rule, finding.message, node.start);
    }
    for (const script of inlineScripts(unwrapped.words, node.redirects)) this.walkInline(script, node.start, places);
    const dynamicWords = unwrapped.words.flatMap((word, index) => (word.expansions.length > 0 ? [index] : []));
    if (dynamicWords.length > 0) this.dynamicArguments = true;
    const command: SimpleCommand = {
      argv: unwrapped.words.map((word) => word.value),
      assignments: assignments.map(({ name, value }) => ({ name, value })),
      redirects: [...records, ...this.inherited],
      ...(dynamicWords.length > 0 ? { dynamicWords } : {}),
    };
    this.emit(command, node.start);
    const shellBuiltin = unwrapped.wrappers.every((wrapper) => SHELL_WRAPPERS.includes(wrapper));
    if (!shellBuiltin) return same(places);
    return changeDirectory(unwrapped.words, places, {
      inLoop: this.loops > 0,
      addPath: (path) => this.addPath(path),
      ask: (rule, message) => this.ask(rule, message, node.start),
    });
  }

  /**
   * Code handed to another shell, read like a line of its own: its commands go to `nested`, its paths to
   * `paths`, what it asks or refuses to the findings (at the outer command). Code that cannot be read,
   * or nested deeper than `MAX_INLINE_DEPTH`, is refused: Hardline could not judge it.
   */
  private walkInline(script: InlineScript, at: number, places: readonly Place[]): void {
    const runner = snippet(script.runner);
    if (this.depth >= MAX_INLINE_DEPTH) {
      this.findings.push({
        effect: 'deny',
        rule: 'inline-code-depth',
        message: `The command line nests code in code more than ${MAX_INLINE_DEPTH} levels deep (${runner}), deeper than the analysis follows. Write the innermost command directly.`,
        at,
      });
      return;
    }
    const findings: ShellFinding[] = [];
    this.ask('inline-code', `The command line hands shell code to ${runner} to run: ${snippet(script.code)}.`, at);
    const inner = new ScriptWalker(findings, this.depth + 1);
    try {
      const parsed = parseLine(script.code, (finding) => findings.push(finding));
      inner.walkScript(parsed, places);
    } catch (error) {
      if (!(error instanceof ShellRefusal)) throw error;
      findings.push({
        effect: 'deny',
        rule: error.rule,
        message: `The code given to ${runner} cannot be judged: ${error.message}`,
        at: 0,
      });
    }
    for (const finding of findings) this.findings.push({ ...finding, at });
    for (const command of [...inner.commands, ...inner.nested]) {
      this.nested.push(withPositional(command, script.positional));
    }
    for (const path of inner.paths) this.addPath(path);
    if (inner.dynamicArguments) this.dynamicArguments = true;
  }

  /** `[[ .. ]]` and `((..))` are listed as commands named `[[` and `((`, so that a policy sees them. */
  private emitKeyword(argv: string[], dynamicWords: number[], at: number): void {
    if (dynamicWords.length > 0) this.dynamicArguments = true;
    const command = { argv, assignments: [], redirects: this.inherited };
    this.emit(dynamicWords.length > 0 ? { ...command, dynamicWords } : command, at);
  }

  private emit(command: SimpleCommand, at: number): void {
    this.shape.push('c');
    this.commands.push(command);
    if (this.commands.length > MAX_COMMANDS) throw tooManyCommands(at);
    const program = command.argv[0];
    for (const frame of this.functions) {
      if (program !== frame.name) continue;
      frame.selfCalls++;
      if (this.concurrent > 0) frame.concurrentSelfCall = true;
    }
  }
}
