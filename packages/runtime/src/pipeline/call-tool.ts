import { DIALECT_NAMES, type DialectName, isDialectName, toToolError } from '@wesgine/schema';
import type { CycleOutcome } from '../cycle/cycle-detector.js';
import type { RegisteredTool } from '../registry/registered-tool.js';
import { approvalStage } from './approval-stage.js';
import { nextCallId } from './call-id.js';
import type { CallOptions } from './call-options.js';
import type { CallScope } from './call-scope.js';
import { callSignal } from './call-signal.js';
import { contentHash, writtenPaths } from './content-hash.js';
import { cycleCall } from './cycle-stage.js';
import { escalateStage } from './escalate-stage.js';
import { type Governed, governStage } from './govern-stage.js';
import { handleStage } from './handle-stage.js';
import { HandlerContext } from './handler-context.js';
import { markedArguments } from './marked-arguments.js';
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
  const began: Began = { started: performance.now(), callId: nextCallId(), dialect: undefined, options };
  if (options === NO_OPTIONS) return walk(scope, name, given, began);
  const read = readOptions(options);
  if (typeof read === 'string') {
    const refusal = refuse('validate', 'invalid_arguments', read);
    return Promise.resolve(refused(scope, auditName(name), undefined, { ...began, options: NO_OPTIONS }, refusal));
  }
  const { dialect, signal } = read;
  const named = { ...began, options: read, ...(dialect === undefined ? {} : { dialect }) };
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

/**
 * The options of a call read once into a plain object, or what is wrong with them: they come from a
 * program, maybe over the wire, and a getter or Proxy among them is not read again during the call.
 */
function readOptions(options: CallOptions): CallOptions | string {
  if (typeof options !== 'object' || options === null)
    return `the call options must be an object, not ${options === null ? 'null' : typeof options}`;
  let read: CallOptions;
  try {
    const { dialect, signal, onProgress, onLog } = options;
    read = {
      ...(dialect === undefined ? {} : { dialect }),
      ...(signal === undefined ? {} : { signal }),
      ...(onProgress === undefined ? {} : { onProgress }),
      ...(onLog === undefined ? {} : { onLog }),
    };
  } catch (error) {
    return `the call options cannot be read: ${toToolError(error).message}`;
  }
  const { dialect, signal, onProgress, onLog } = read;
  if (dialect !== undefined && !isDialectName(dialect)) {
    return `unknown dialect ${JSON.stringify(dialect)}; use one of ${DIALECT_NAMES.join(', ')}, or none for arguments in the tool's own shape`;
  }
  if (signal !== undefined && !(signal instanceof AbortSignal)) return 'the call option signal must be an AbortSignal';
  if (onProgress !== undefined && typeof onProgress !== 'function')
    return 'the call option onProgress must be a function';
  if (onLog !== undefined && typeof onLog !== 'function') return 'the call option onLog must be a function';
  return read;
}

/** When a call began, its id and the dialect it came in: what its audit event says besides the outcome. */
interface Began {
  readonly started: number;
  readonly callId: string;
  /** On every event of a call that named its dialect, refusals included. */
  readonly dialect: DialectName | undefined;
  readonly options: CallOptions;
}

async function walk(scope: CallScope, name: string, given: unknown, began: Began): Promise<ToolResult> {
  const { dialect } = began;
  const tool = resolveStage(scope, name, dialect);
  if (isRefusal(tool)) return refused(scope, auditName(name), undefined, began, tool);

  const checked = validateStage(tool, given, dialect);
  if (isRefusal(checked)) return refused(scope, name, tool, began, checked);
  const { args } = checked;

  const marked = markedArguments(tool, args);
  const category = scope.categoryOf(tool, args);
  const pending = governStage(scope, tool, marked, category);
  const judged = pending instanceof Promise ? await pending : pending;

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
    return refused(scope, name, tool, began, blocked);
  }
  const note = verdict.action === 'warn' ? verdict.message : undefined;
  if (isRefusal(judged)) return refused(scope, name, tool, began, judged, note);

  let governed = judged;
  if (judged.questions.length > 0) {
    const omit = new Set(tool.definition.meta.displayOnly);
    const approval = await approvalStage(scope, tool.definition.name, args, judged.questions, omit);
    if (isRefusal(approval)) return refused(scope, name, tool, began, approval, note);
    governed = { ...judged, approval };
  }

  const written = call.progressAware === true ? writtenPaths(marked, governed.resolvedPaths) : [];
  // Hashed before as well as after: the file may have changed since the last call (an exec, an editor).
  const contentBefore = written.length === 0 ? undefined : contentHash(written);
  const context = new HandlerContext(scope, tool, category, governed.resolvedPaths, began.callId, began.options);
  const { meta } = tool.definition;
  let result: ToolResult;
  try {
    // A handler that answered at once is not awaited: no turn of the event loop for it.
    const handled = handleStage(tool, args, context, scope.signal, meta.timeoutMs ?? scope.defaults.timeoutMs);
    const returned = handled instanceof Promise ? await handled : handled;
    const budget = meta.outputBudget ?? scope.defaults.outputBudget;
    result = shapeStage(tool.definition.name, returned, budget, scope.spill, note);
  } catch (thrown) {
    const error = toToolError(thrown);
    result = { isError: true, code: error.code, text: withNote(error.message, note) };
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
    result = await escalateStage(scope, tool.definition.name, args, result, escalation);
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
  );
  return result;
}

/** A warning's note after the text the model reads, on failures as on successes. */
function withNote(text: string, note: string | undefined): string {
  return note === undefined ? text : `${text}\n\n${note}`;
}

function refused(
  scope: CallScope,
  name: string,
  tool: RegisteredTool | undefined,
  began: Began,
  refusal: Refusal,
  note?: string,
): ToolResult {
  record(scope, name, tool, began, refusal.code, refusal.stage, refusal.rule);
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
    ...(governed === undefined || governed.judged.length === 0 ? {} : { judged: governed.judged }),
    ...(governed?.approval === undefined ? {} : { approval: governed.approval }),
    ...(scope.services.sandbox.mode === 'off' || tool?.sandbox === 'off' ? { sandbox: 'off' as const } : {}),
    durationMs: performance.now() - began.started,
  });
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
