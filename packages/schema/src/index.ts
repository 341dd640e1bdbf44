// The public surface of @wesgine/schema. Adding a name here makes it public API.

export { type Static, type TObject, type TSchema, Type } from '@sinclair/typebox';
export type { CategoryLevel, CategoryMap, CategorySources, ResolvedCategory } from './category/resolve-category.js';
export { declaredCategory, resolveCategory } from './category/resolve-category.js';
export type { DescribableTool, DescribeToolOptions } from './describe/describe-tool.js';
export { describeTool } from './describe/describe-tool.js';
export type {
  ExampleDescription,
  ParameterDescription,
  ToolDescription,
  ValueDescription,
} from './describe/tool-description.js';
export { toolDescriptionsText } from './describe/tool-text.js';
export type { DialectName } from './dialects/dialect-name.js';
export { DIALECT_NAMES, isDialectName, STRICT_MODE_DIALECTS } from './dialects/dialect-name.js';
export type { DialectExport, ExportOptions } from './dialects/export-tool.js';
export { exportTool, exportToolAllDialects, exportTools } from './dialects/export-tool.js';
export type { LossEntry, LossReport } from './dialects/loss-report.js';
export type { PropertyName } from './dialects/property-names.js';
export { mapToolNames, providerToolName } from './dialects/provider-name.js';
export { toToolError } from './errors/to-tool-error.js';
export { ToolDefinitionError } from './errors/tool-definition-error.js';
export type { ToolErrorOptions } from './errors/tool-error.js';
export { ToolError } from './errors/tool-error.js';
export type { ToolErrorCode } from './errors/tool-error-code.js';
export { isToolErrorCode, TOOL_ERROR_WIRE } from './errors/tool-error-code.js';
export type { JsonSchemaTool } from './export/json-schema-tool.js';
export { JSON_SCHEMA_DRAFT, toJsonSchemaTool } from './export/json-schema-tool.js';
export { toJsonSchema } from './export/to-json-schema.js';
export { FORMAT_CHECKS, registerFormats } from './formats/register-formats.js';
export type { TCommand } from './params/command.js';
export { Command } from './params/command.js';
export type { PathAccess } from './params/keywords.js';
export {
  COMMAND_KEYWORD,
  EXTENSION_KEYWORDS,
  PATH_KEYWORD,
  RECIPIENT_KEYWORD,
  URL_KEYWORD,
} from './params/keywords.js';
export type { MarkedParameter } from './params/marked-parameters.js';
export { findMarkedParameters } from './params/marked-parameters.js';
export type { PathOptions, TPath } from './params/path.js';
export { Path } from './params/path.js';
export type { TRecipient } from './params/recipient.js';
export { Recipient } from './params/recipient.js';
export type { TUrl } from './params/url.js';
export { Url } from './params/url.js';
export { valuesAt } from './params/values-at.js';
export type {
  AnyToolDefinition,
  ArgsOf,
  NamedPath,
  ResultOf,
  ToolDefinition,
  ToolExample,
  ToolSpec,
} from './tool/define-tool.js';
export { defineTool, isToolDefinition } from './tool/define-tool.js';
export type { AnyToolPack, ToolPack, ToolPackSpec } from './tool/define-tool-pack.js';
export { defineToolPack, isToolPack } from './tool/define-tool-pack.js';
export type { MergedTools } from './tool/merge-tool-packs.js';
export { mergeToolPacks } from './tool/merge-tool-packs.js';
export type {
  SubAgentAnswer,
  SubAgentTask,
  ToolAgents,
  ToolContext,
  ToolHuman,
  ToolLogger,
  ToolProgress,
  ToolSession,
  UserAnswer,
  UserQuestion,
} from './tool/tool-context.js';
export type { HandlerOf, ToolHandler, ToolHandlerResult, ToolHandlers } from './tool/tool-handler.js';
export type { ToolCategory, ToolMeta } from './tool/tool-meta.js';
export { TOOL_NAME_PATTERN, toolNameProblem } from './tool/tool-name.js';
export type {
  SandboxMode,
  ToolProcess,
  ToolProcessExit,
  ToolProcessRequest,
  ToolSandbox,
} from './tool/tool-sandbox.js';
export { closeNames } from './validate/close-names.js';
export type { Validator } from './validate/compile-validator.js';
export { compileValidator } from './validate/compile-validator.js';
export { formatIssues } from './validate/format-issues.js';
export { MAX_ARGUMENT_DEPTH, MAX_ARGUMENT_VALUES, readArguments } from './validate/read-arguments.js';
export { validate } from './validate/validate.js';
export type { ValidationIssue, ValidationResult } from './validate/validation-issue.js';
