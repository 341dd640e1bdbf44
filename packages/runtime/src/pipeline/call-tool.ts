import { type DialectName, toToolError } from '@wesgine/schema';
import type { CycleOutcome, CycleVerdict } from '../cycle/cycle-detector.js';
import type { RegisteredTool } from '../registry/registered-tool.js';
import { approvalStage } from './approval-stage.js';
import { nextCallId } from './call-id.js';
import type { CallOptions } from './call-options.js';
import type { CallScope } from './call-scope.js';
import { callSignal } from './call-signal.js';
import { CallTrace } from './call-trace.js';
import { contentHash, writtenPaths } from './content-hash.js';
import { cycleCall } from './cycle-stage.js';
import { escalateStage } from './escalate-stage.js';
import { type Governed, governStage } from './govern-stage.js';
import { handleStage } from './handle-stage.js';
import { HandlerContext } from './handler-context.js';
import { type BadRecipient, markedArguments } from './marked-arguments.js';
import { OptionsProblem, readCallOptions } from './read-call-options.js';
import { isRefusal, type Refusal, refuse } from './refusal.js';
import { auditName, resolveStage } from './resolve-stage.js';
import { shapeStage } from './shape-stage.js';
import type { ToolResult } from './tool-result.js';
import { validateStage } from './validate-stage.js';

/**
 * The walk of one call, the same for every source: resolve, validate, govern (Hardline, Sandbox, Zone),
 * cycle (keyed on what governance resolved), approval, context, handle, shape, record. Never throws:
 * whatever goes wrong becomes a `ToolResult` with `isError` and a code. Arguments in a provider's
 * dialect (`options.dialect`) are decoded once the tool is found, before validation, so every stage
 * after it sees the tool's own name and canonical arguments.
 */
export function callTool(
  scope: CallScope,
  name: string,
  given: unknown,
  options: CallOptions = NO_OPTIONS,
): Promise<ToolResult> {
  const started = performance.now();
  const began: Began = { started, callId: nextCallId(), dialect: undefined, options, trace: undefined };
  if (options === NO_OPTIONS) return walk(scope, name, given, began);
  const read = readCallOptions(options);
  if (read instanceof OptionsProblem) {
    const refusal = refuse('validate', 'invalid_arguments', read.message);
    const trace = read.onStep === undefined ? undefined : new CallTrace(read.onStep, started);
    trace?.refused('validate', refusal);
    return Promise.resolve(
      refused(scope, auditName(name), undefined, { ...began, options: NO_OPTIONS, trace }, refusal),
    );
  }
  const { dialect, signal, onStep } = read;
  const named = {
    ...began,
    options: read,
    ...(dialect === undefined ? {} : { dialect }),
    ...(onStep === undefined ? {} : { trace: new CallTrace(onStep, started) }),
  };
  if (signal === undefined) return walk(scope, name, given, named);
  return walkWithSignal(scope, name, given, named, signal);
}

/** The call's own signal stands in for the run's in every stage: approval, handler, escalation. */
async function walkWithSignal(
  scope: CallScope,
  name: string,
  given: unknown,
  began: Began,
  signal: AbortSignal,
): Promise<ToolResult> {
  const own = callSignal(scope.signal, signal);
  try {
    return await walk({ ...scope, signal: own.signal }, name, given, began);
  } finally {
    own.release();
  }
}

const NO_OPTIONS: CallOptions = Object.freeze({});

/** When a call began, its id and the dialect it came in: what its audit event says besides the outcome. */
interface Began {
  readonly started: number;
  readonly callId: string;
  /** On every event of a call that named its dialect, refusals included. */
  readonly dialect: DialectName | undefined;
  readonly options: CallOptions;
  /** The steps told to `options.onStep`; undefined (and nothing told or timed) for a call without it. */
  readonly trace: CallTrace | undefined;
}

async function walk(scope: CallScope, name: string, given: unknown, began: Began): Promise<ToolResult> {
  const { dialect, trace } = began;
  const tool = resolveStage(scope, name, dialect);
  if (isRefusal(tool)) {
    trace?.refused('resolve', tool);
    return refused(scope, auditName(name), undefined, began, tool);
  }
  trace?.step('resolve', 'pass', { detail: foundTool(tool, name) });

  const checked = validateStage(tool, given, dialect, trace);
  if (isRefusal(checked)) return refused(scope, name, tool, began, checked);
  const { args } = checked;

  const marked = markedArguments(tool, args);
  if (marked.badRecipient !== undefined) {
    const refusal = badRecipient(marked.badRecipient);
    trace?.refused('validate', refusal);
    return refused(scope, name, tool, began, refusal);
  }
  const category = scope.categoryOf(tool, args);
  const pending = governStage(scope, tool, marked, category);
  const judged = pending instanceof Promise ? await pending : pending;
  if (trace !== undefined) traceGovern(trace, judged);

  const call = cycleCall(scope, tool, args, marked, category, isRefusal(judged) ? undefined : judged);
  const verdict = scope.detector.before(call);
  if (verdict.action === 'block') {
    const blocked: Refusal = {
      refused: true,
      code: 'cycle_blocked',
      message: verdict.message,
      stage: 'cycle',
      rule: verdict.rule,
    };
    trace?.refused('cycle', blocked);
    return refused(scope, name, tool, began, blocked, undefined, verdict);
  }
  const note = verdict.action === 'warn' ? verdict.message : undefined;
  if (trace !== undefined) {
    if (verdict.action === 'warn') trace.step('cycle', 'warn', { rule: verdict.rule, detail: verdict.message });
    else trace.step('cycle', 'pass');
  }
  const noted = verdict.action === 'warn' ? verdict : undefined;
  if (isRefusal(judged)) return refused(scope, name, tool, began, judged, note, noted);

  let governed = judged;
  if (judged.questions.length > 0) {
    const omit = new Set(tool.definition.meta.displayOnly);
    const approval = await approvalStage(scope, tool.definition.name, args, judged.questions, omit, trace);
    if (isRefusal(approval)) return refused(scope, name, tool, began, approval, note, noted);
    governed = { ...judged, approval };
  }

  const written = call.progressAware === true ? writtenPaths(marked, governed.resolvedPaths) : [];
  // Hashed before as well as after: the file may have changed since the last call (an exec, an editor).
  const contentBefore = written.length === 0 ? undefined : contentHash(written);
  const context = new HandlerContext(scope, tool, category, governed.resolvedPaths, began.callId, began.options);
  trace?.step('context', 'pass');
  const { meta } = tool.definition;
  let result: ToolResult;
  let handled = false;
  try {
    // A handler that answered at once is not awaited: no turn of the event loop for it.
    const handling = handleStage(tool, args, context, scope.signal, meta.timeoutMs ?? scope.defaults.timeoutMs);
    const returned = handling instanceof Promise ? await handling : handling;
    handled = true;
    trace?.step('handle', 'pass');
    const budget = meta.outputBudget ?? scope.defaults.outputBudget;
    result = shapeStage(tool.definition.name, returned, budget, scope.spill, note);
    if (trace !== undefined) {
      if (result.isError) trace.step('shape', 'failed', { code: result.code, detail: result.text });
      else
        trace.step('shape', 'pass', result.spilledTo === undefined ? undefined : { detail: cutTo(result.spilledTo) });
    }
  } catch (thrown) {
    const error = toToolError(thrown);
    result = { isError: true, code: error.code, text: withNote(error.message, note) };
    trace?.step(handled ? 'shape' : 'handle', 'failed', { code: error.code, detail: error.message });
  } finally {
    context.end();
  }

  const outcome: CycleOutcome = result.isError
    ? { ok: false, errorCode: result.code ?? 'handler_failed' }
    : written.length === 0
      ? { ok: true }
      : { ok: true, contentAfter: contentHash(written), ...(contentBefore === undefined ? {} : { contentBefore }) };
  const escalation = scope.detector.after(call, outcome);
  if (escalation.action === 'escalate') {
    result = await escalateStage(scope, tool.definition.name, args, result, escalation, trace);
  }
  record(
    scope,
    name,
    tool,
    began,
    result.isError ? (result.code ?? 'handler_failed') : 'ok',
    result.isError ? 'handle' : undefined,
    undefined,
    governed,
    escalation.action === 'escalate' ? escalation : noted,
  );
  return result;
}

/** A `Recipient()` value that is no address: refused as the arguments are, naming where and why. */
function badRecipient({ pointer, value, problem }: BadRecipient): Refusal {
  const shown = JSON.stringify(value.length > 200 ? `${value.slice(0, 200)}…` : value);
  return refuse(
    'validate',
    'invalid_arguments',
    `${pointer} must be one mail address, as bob@example.org or Bob <bob@example.org>, but ${shown} is not: ${problem}.`,
  );
}

/** The resolve step's sentence: the tool found, by which name, and where it came from. */
function foundTool(tool: RegisteredTool, name: string): string {
  const own = tool.definition.name;
  const as = own === name ? '' : ` (called as ${name})`;
  return `${own}${as} from ${tool.provenance}, source ${tool.source}`;
}

/** The govern step: who decided, by which rule, on which canonical forms. */
function traceGovern(trace: CallTrace, judged: Governed | Refusal): void {
  if (isRefusal(judged)) {
    trace.step('govern', 'refused', {
      decidedBy: governor(judged.stage),
      rule: judged.rule,
      code: judged.code,
      detail: judged.message,
      judged: judged.judged,
    });
    return;
  }
  const asks = judged.questions.map((question) => question.question).join(' ');
  trace.step('govern', 'pass', {
    decidedBy: judged.decidedBy,
    rule: judged.rule,
    detail: asks === '' ? undefined : `asks a person: ${asks}`,
    judged: judged.judged.length === 0 ? undefined : judged.judged,
  });
}

function governor(stage: string): 'hardline' | 'sandbox' | 'zone' | undefined {
  return stage === 'hardline' || stage === 'sandbox' || stage === 'zone' ? stage : undefined;
}

function cutTo(path: string): string {
  return `the whole output was written to ${path}`;
}

/** A warning's note after the text the model reads, on failures as on successes. */
function withNote(text: string, note: string | undefined): string {
  return note === undefined ? text : `${text}\n\n${note}`;
}

/** A CycleDetector verdict the audit event tells of: a warning's note, a block, an escalation. */
type TellingVerdict = Exclude<CycleVerdict, { action: 'ok' }>;

function refused(
  scope: CallScope,
  name: string,
  tool: RegisteredTool | undefined,
  began: Began,
  refusal: Refusal,
  note?: string,
  cycle?: TellingVerdict,
): ToolResult {
  record(scope, name, tool, began, refusal.code, refusal.stage, refusal.rule, undefined, cycle, refusal.judged);
  return { isError: true, code: refusal.code, text: withNote(refusal.message, note) };
}

/** Step 8: one audit event per call, with its provenance and the deciding stage. */
function record(
  scope: CallScope,
  name: string,
  tool: RegisteredTool | undefined,
  began: Began,
  outcome: string,
  stage?: string,
  rule?: string,
  governed?: Governed,
  cycle?: TellingVerdict,
  judged: readonly string[] | undefined = governed?.judged,
): void {
  const own = tool?.definition.name ?? name;
  scope.audit({
    at: isoNow(),
    ...scope.ids,
    callId: began.callId,
    tool: own,
    ...(own === name ? {} : { calledAs: name }),
    ...(began.dialect === undefined ? {} : { dialect: began.dialect }),
    source: tool?.source,
    provenance: tool?.provenance,
    ...(tool?.sourceId === undefined ? {} : { sourceId: tool.sourceId }),
    outcome,
    stage,
    rule,
    ...(judged === undefined || judged.length === 0 ? {} : { judged }),
    ...(cycle === undefined ? {} : { cycle: { action: cycle.action, rule: cycle.rule } }),
    ...(governed?.approval === undefined ? {} : { approval: governed.approval }),
    ...(scope.services.sandbox.mode === 'off' || tool?.sandbox === 'off' ? { sandbox: 'off' as const } : {}),
    durationMs: performance.now() - began.started,
  });
  began.trace?.step('record', 'pass');
}

let isoMillisecond = Number.NaN;
let isoText = '';

/** `new Date().toISOString()`, made once per millisecond: calls that end in the same one share it. */
function isoNow(): string {
  const now = Date.now();
  if (now !== isoMillisecond) {
    isoMillisecond = now;
    isoText = new Date(now).toISOString();
  }
  return isoText;
}
