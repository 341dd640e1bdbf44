import { toToolError } from '@wesgine/schema';
import type { RegisteredTool } from '../registry/registered-tool.js';
import type { CallScope } from './call-scope.js';
import { cycleStage } from './cycle-stage.js';
import { type Governed, governStage } from './govern-stage.js';
import { handleStage } from './handle-stage.js';
import { HandlerContext } from './handler-context.js';
import { markedArguments } from './marked-arguments.js';
import { isRefusal, type Refusal } from './refusal.js';
import { auditName, resolveStage } from './resolve-stage.js';
import { shapeStage } from './shape-stage.js';
import type { ToolResult } from './tool-result.js';
import { validateStage } from './validate-stage.js';

/**
 * The walk of one call, the same for every source: resolve, validate, cycle, govern, context, handle,
 * shape, record. Never throws: whatever goes wrong becomes a `ToolResult` with `isError` and a code.
 */
export async function callTool(scope: CallScope, name: string, given: unknown): Promise<ToolResult> {
  const started = performance.now();
  const tool = resolveStage(scope, name);
  if (isRefusal(tool)) return refused(scope, auditName(name), undefined, started, tool);

  const checked = validateStage(tool, given);
  if (isRefusal(checked)) return refused(scope, name, tool, started, checked);
  const { args } = checked;

  const marked = markedArguments(tool, args);
  const category = scope.categoryOf(tool, args);
  const { call, verdict } = cycleStage(scope, tool, args, marked, category);
  if (verdict.action === 'block') {
    const blocked: Refusal = {
      refused: true,
      code: 'cycle_blocked',
      message: verdict.message,
      stage: 'cycle',
      rule: verdict.rule,
    };
    return refused(scope, name, tool, started, blocked);
  }

  const pending = governStage(scope, tool, args, marked, category);
  const governed = pending instanceof Promise ? await pending : pending;
  if (isRefusal(governed)) return refused(scope, name, tool, started, governed);

  const context = new HandlerContext(scope, tool, category, governed.resolvedPaths);
  const { meta } = tool.definition;
  let result: ToolResult;
  try {
    const returned = await handleStage(tool, args, context, scope.signal, meta.timeoutMs ?? scope.defaults.timeoutMs);
    const note = verdict.action === 'warn' ? verdict.message : undefined;
    const budget = meta.outputBudget ?? scope.defaults.outputBudget;
    result = shapeStage(tool.definition.name, returned, budget, scope.spill, note);
  } catch (thrown) {
    const error = toToolError(thrown);
    result = { isError: true, code: error.code, text: error.message };
  }

  const outcome = result.isError ? { ok: false, errorCode: result.code ?? 'handler_failed' } : { ok: true };
  const escalation = scope.detector.after(call, outcome);
  if (escalation.action === 'escalate') {
    result = { ...result, text: `${result.text}\n\n${escalation.message}`, escalated: true };
  }
  record(
    scope,
    name,
    tool,
    started,
    result.isError ? (result.code ?? 'handler_failed') : 'ok',
    result.isError ? 'handle' : undefined,
    undefined,
    governed,
  );
  return result;
}

function refused(
  scope: CallScope,
  name: string,
  tool: RegisteredTool | undefined,
  started: number,
  refusal: Refusal,
): ToolResult {
  record(scope, name, tool, started, refusal.code, refusal.stage, refusal.rule);
  return { isError: true, code: refusal.code, text: refusal.message };
}

/** Step 8: one audit event per call, with its provenance and the deciding stage. */
function record(
  scope: CallScope,
  name: string,
  tool: RegisteredTool | undefined,
  started: number,
  outcome: string,
  stage?: string,
  rule?: string,
  governed?: Governed,
): void {
  const own = tool?.definition.name ?? name;
  scope.audit({
    at: new Date().toISOString(),
    ...scope.ids,
    tool: own,
    ...(own === name ? {} : { calledAs: name }),
    source: tool?.source,
    provenance: tool?.provenance,
    outcome,
    stage,
    rule,
    ...(governed === undefined || governed.judged.length === 0 ? {} : { judged: governed.judged }),
    ...(governed?.approval === undefined ? {} : { approval: governed.approval }),
    ...(scope.services.sandbox.mode === 'off' ? { sandbox: 'off' as const } : {}),
    durationMs: performance.now() - started,
  });
}
