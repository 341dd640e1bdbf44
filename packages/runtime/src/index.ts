// The public surface of @wesgine/runtime. Adding a name here makes it public API.

export type {
  Adapter,
  AdapterField,
  AdapterSource,
  AdapterSpecs,
  AnyAdapter,
} from './adapter/adapter.js';
export { ADAPTER_FIELDS, defineAdapter } from './adapter/adapter.js';
export type { CronSpec } from './adapter/cron-spec.js';
export type { DesktopSpec } from './adapter/desktop-spec.js';
export type { EmailSpec, MailServer } from './adapter/email-spec.js';
export type { HeadlessBrowserSpec } from './adapter/headless-browser-spec.js';
export type { KbSpec } from './adapter/kb-spec.js';
export type { PlaywrightSpec } from './adapter/playwright-spec.js';
export type { AgentToolConfig, CellAgents } from './agent/agent-tool.js';
export { AgentTask } from './agent/agent-tool.js';
export type {
  ModelClient,
  ModelMessage,
  ModelReply,
  ModelRequest,
  ModelToolCall,
  ModelUsage,
} from './agent/model-client.js';
export type { ModelErrorOptions } from './agent/model-error.js';
export { ModelError } from './agent/model-error.js';
export type { OpenAiChatClientOptions } from './agent/openai-chat-client.js';
export { openAiChatClient } from './agent/openai-chat-client.js';
export type { AgentResult, AgentStop, RunAgentOptions } from './agent/run-agent.js';
export { DEFAULT_MAX_TURNS, runAgent } from './agent/run-agent.js';
export type { ScriptedClient, ScriptedStep } from './agent/scripted-client.js';
export { scriptedClient } from './agent/scripted-client.js';
export { ApprovalQueue } from './approval/approval-queue.js';
export type { ApprovalDecision, ApprovalRequest, HumanChannel, QuestionRequest } from './approval/approval-request.js';
export type { CycleConfig, CycleThresholds, StreakThresholds } from './cycle/cycle-config.js';
export { DEFAULT_CYCLE_CONFIG } from './cycle/cycle-config.js';
export type { CycleCall, CycleOutcome, CycleRule, CycleVerdict } from './cycle/cycle-detector.js';
export { CycleDetector, callKey } from './cycle/cycle-detector.js';
export type { CycleSettings } from './cycle/cycle-settings.js';
export type { CycleSnapshot, CycleVerdictRecord } from './cycle/cycle-snapshot.js';
export type { Cell, CellTools } from './engine/cell.js';
export type { CallEventOrigin, CellEvent } from './engine/cell-events.js';
export type { CellSpec } from './engine/cell-spec.js';
export type { Engine, EngineOptions } from './engine/create-engine.js';
export { createEngine } from './engine/create-engine.js';
export type { Run, RunOrigin, RunParams } from './engine/run.js';
export type { SdkTool } from './engine/sdk-tool.js';
export type { RecipientAddress } from './governance/recipient-address.js';
export { parseRecipient } from './governance/recipient-address.js';
export type { RecipientPattern } from './governance/recipient-pattern.js';
export { compileRecipientPattern, matchesRecipient } from './governance/recipient-pattern.js';
export type { CommandAnalysis } from './governance/shell/analyze-command.js';
export { analyzeCommand } from './governance/shell/analyze-command.js';
export type { SimpleCommand } from './governance/shell/simple-command.js';
export type { GuardedFetchOptions, GuardedRequestInit, GuardedResponse } from './governance/url/guarded-fetch.js';
export { guardedFetch } from './governance/url/guarded-fetch.js';
export type { HostLookup, ResolvedAddress, UrlJudgement, UrlOptions } from './governance/url/judge-url.js';
export { judgeUrl } from './governance/url/judge-url.js';
export { isBlockedAddress } from './governance/url/private-address.js';
export type { GovernanceVerdict } from './governance/verdict.js';
export type { CellMcps } from './mcp/client/cell-mcps.js';
export type { McpServerConfig, McpTransport } from './mcp/client/mcp-server-config.js';
export type { McpServerState, McpServerStatus } from './mcp/client/mcp-server-status.js';
export type { AuditEvent } from './pipeline/audit-event.js';
export type { CallOptions } from './pipeline/call-options.js';
export type { CallStep } from './pipeline/call-step.js';
export type { ToolResult } from './pipeline/tool-result.js';
export type { CellPlugins } from './plugin/plugin-host.js';
export type { PluginSpec } from './plugin/plugin-spec.js';
export type { PluginState, PluginStatus } from './plugin/plugin-status.js';
export type { AnyHandler, PackOrigin, ToolSourceKind } from './registry/registered-tool.js';
export type { SourcedTool, ToolSource } from './registry/tool-source.js';
export type { BlockedRequest, GuardProxy } from './sandbox/network/guard-proxy.js';
export { startGuardProxy } from './sandbox/network/guard-proxy.js';
export { INSIDE_PROXY } from './sandbox/network/proxy-bridge.js';
export type { ProxyDispatcher, ProxyRoute } from './sandbox/network/proxy-dispatcher.js';
export { startProxyDispatcher } from './sandbox/network/proxy-dispatcher.js';
export type { GateDecision, RequestGate } from './sandbox/network/request-gate.js';
export { requestGate } from './sandbox/network/request-gate.js';
export type { SandboxLimits, SandboxSettings, SandboxSpec } from './sandbox/sandbox-settings.js';
export type { SandboxedProgramOptions } from './sandbox/sandboxed-program.js';
export { sandboxedProgram } from './sandbox/sandboxed-program.js';
export { DEFAULT_ZONE_FILE } from './zone/default-zone.js';
export type { LoadZoneOptions } from './zone/load-zone.js';
export { loadZone } from './zone/load-zone.js';
export type { Zone, ZoneDecision, ZonePathRequest, ZoneRequest } from './zone/zone.js';
export type { ZoneDescription, ZoneRuleDescription } from './zone/zone-description.js';
export { ZoneError } from './zone/zone-error.js';
export type { ZoneSource } from './zone/zone-source.js';
