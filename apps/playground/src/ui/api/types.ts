// The shapes the API answers, as the runtime declares them: type imports only, erased from the bundle.
export type {
  ApprovalRequest,
  AuditEvent,
  CallStep,
  CellEvent,
  CycleSnapshot,
  CycleVerdictRecord,
  McpServerStatus,
  PluginStatus,
  QuestionRequest,
  ToolResult,
} from '@wesgine/runtime';
export type {
  CatalogueEntry,
  GovernanceView,
  PendingCallBody,
  SourcesView,
  ZoneRuleView,
} from '@wesgine/runtime/http';

import type { CallStep, ToolResult } from '@wesgine/runtime';

/** What `POST /tools/:name/call` with `trace: true` answers with 200 (and `GET /calls/:id` once ended). */
export type TracedResult = ToolResult & { readonly trace?: readonly CallStep[] };
