// The public surface of @wesgine/runtime. Adding a name here makes it public API.

export type { ApprovalQueue } from './approval/approval-queue.js';
export type { ApprovalDecision, ApprovalRequest, HumanChannel } from './approval/approval-request.js';
export type { CycleConfig, CycleThresholds } from './cycle/cycle-config.js';
export { DEFAULT_CYCLE_CONFIG } from './cycle/cycle-config.js';
export type { CycleCall, CycleOutcome, CycleRule, CycleVerdict } from './cycle/cycle-detector.js';
export { CycleDetector, callKey } from './cycle/cycle-detector.js';
export type { Cell, CellTools } from './engine/cell.js';
export type { CellSpec } from './engine/cell-spec.js';
export type { Engine, EngineOptions } from './engine/create-engine.js';
export { createEngine } from './engine/create-engine.js';
export type { Run, RunParams } from './engine/run.js';
export type { SdkTool } from './engine/sdk-tool.js';
export type { AuditEvent } from './pipeline/audit-event.js';
export type { ToolResult } from './pipeline/tool-result.js';
