import type { ToolCategory } from '@wesgine/schema';
import type { RegisteredTool } from '../registry/registered-tool.js';
import type { Approval } from './approval-stage.js';
import type { CallScope } from './call-scope.js';
import { governCommand } from './govern-commands.js';
import { governPath, type JudgedPath } from './govern-paths.js';
import { governRecipients } from './govern-recipients.js';
import { governUrls } from './govern-urls.js';
import type { MarkedArguments } from './marked-arguments.js';
import type { Question } from './question.js';
import { isRefusal, type Refusal } from './refusal.js';
import { zoneStage } from './zone-stage.js';

/** What governance hands on when it lets a call through. */
export interface Governed {
  /** Real path of each path argument, by JSON pointer: the handler's `context.resolvedPaths`. */
  readonly resolvedPaths: ReadonlyMap<string, string>;
  /**
   * The canonical form of each path and command argument, by JSON pointer: a path's real path, a
   * command line as bash reads it. The CycleDetector keys calls on these, not on the text.
   */
  readonly canonical: ReadonlyMap<string, string>;
  /**
   * The canonical forms judged (`path:<real>`, `argv:<json>`, `host:<name>`, `recipient:<address>`), for
   * the audit record.
   */
  readonly judged: readonly string[];
  /** What a person must approve before the call runs; empty when nothing asked. */
  readonly questions: readonly Question[];
  /** Set once the questions were answered: how the call got its approval. */
  readonly approval: Approval | undefined;
  /** The part that judged last (the Zone when there is one), undefined when nothing was governed. */
  readonly decidedBy: 'hardline' | 'sandbox' | 'zone' | undefined;
  /** The Zone rule that let the call through or asked, when one did. */
  readonly rule: string | undefined;
}

const UNGOVERNED: Governed = Object.freeze({
  resolvedPaths: new Map(),
  canonical: new Map(),
  judged: [],
  questions: [],
  approval: undefined,
  decidedBy: undefined,
  rule: undefined,
});

/**
 * Step 4: Hardline, then Sandbox, for every path, command, recipient and URL argument; then the Zone. A
 * later stage never re-allows what an earlier one refused. What a stage asks is collected in `questions`
 * and put to the human later, after the CycleDetector (a blocked call never asks). A `meta.askFirst`
 * tool adds a question wherever the call would otherwise go through unasked, unless Zone rules naming
 * the tool allowed it. Synchronous unless a URL must be resolved.
 */
export function governStage(
  scope: CallScope,
  tool: RegisteredTool,
  marked: MarkedArguments,
  category: ToolCategory,
): Governed | Refusal | Promise<Governed | Refusal> {
  const askFirst = tool.definition.meta.askFirst === true;
  if (marked.paths.length === 0 && tool.marked.length === 0 && scope.zone === undefined && !askFirst) {
    return UNGOVERNED;
  }
  const resolvedPaths = new Map<string, string>();
  const canonical = new Map<string, string>();
  const judgedPaths: JudgedPath[] = [];
  const judged: string[] = [];
  for (const { pointer, value, access } of marked.paths) {
    const path = governPath(scope, value, access);
    if (isRefusal(path)) return withJudged(path, judged);
    resolvedPaths.set(pointer, path.real);
    canonical.set(pointer, path.real);
    judgedPaths.push(path);
    judged.push(`path:${path.real}`);
  }
  const questions: Question[] = [];
  const argvs: (readonly string[])[] = [];
  for (const { pointer, value } of marked.commands) {
    const command = governCommand(scope, value);
    if (isRefusal(command)) return withJudged(command, judged);
    canonical.set(pointer, command.canonical);
    for (const path of command.paths) {
      judgedPaths.push(path);
      judged.push(`path:${path.real}`);
    }
    for (const argv of command.argvs) {
      argvs.push(argv);
      judged.push(`argv:${JSON.stringify(argv)}`);
    }
    if (command.question !== undefined) questions.push(command.question);
  }
  const { recipients } = marked;
  const unlisted = governRecipients(scope, recipients);
  if (unlisted !== undefined) return withJudged(unlisted, judged);
  const addresses = recipients.map((recipient) => recipient.address);
  const finish = (hosts: readonly string[]): Governed | Refusal => {
    for (const host of hosts) judged.push(`host:${host}`);
    for (const address of addresses) judged.push(`recipient:${address}`);
    const zone = zoneStage(scope, tool, category, judgedPaths, argvs, hosts, addresses);
    if (isRefusal(zone)) return withJudged(zone, judged);
    if (zone !== undefined && !('allowed' in zone)) questions.push(zone);
    else if (askFirst && zone?.explicit !== true) {
      questions.push(askFirstQuestion(tool.definition.name, addresses, hosts, judgedPaths));
    }
    return {
      resolvedPaths,
      canonical,
      judged,
      questions,
      approval: undefined,
      decidedBy: zone !== undefined ? 'zone' : judged.length > 0 ? 'sandbox' : undefined,
      rule: zone?.rule,
    };
  };
  if (marked.urls.length === 0) return finish([]);
  return governUrls(scope, marked.urls).then((hosts) => (isRefusal(hosts) ? withJudged(hosts, judged) : finish(hosts)));
}

/**
 * What an askFirst tool asks: the tool, that it asks unless a Zone rule names it, and the call's targets
 * (its recipients first), as a person approving it needs them.
 */
function askFirstQuestion(
  tool: string,
  recipients: readonly string[],
  hosts: readonly string[],
  paths: readonly JudgedPath[],
): Question {
  const targets = [
    ...(recipients.length === 0 ? [] : [`goes to ${recipients.join(', ')}`]),
    ...(hosts.length === 0 ? [] : [`reaches ${hosts.join(', ')}`]),
    ...(paths.length === 0 ? [] : [`touches ${paths.map((path) => path.real).join(', ')}`]),
  ];
  const rest = targets.length === 0 ? '' : `; this call ${targets.join('; ')}`;
  return {
    stage: 'ask-first',
    rule: 'askFirst',
    question: `${tool} asks a person before every call unless a zone rule allows it by name${rest}`,
  };
}

/** A refusal with what was judged before it (and what it judged itself), for the call's trace. */
function withJudged(refusal: Refusal, before: readonly string[]): Refusal {
  const own = refusal.judged ?? [];
  return before.length === 0 && own.length === 0 ? refusal : { ...refusal, judged: [...before, ...own] };
}
