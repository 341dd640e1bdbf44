// The public surface of @wesgine/schema. Adding a name here makes it public API.

export { type Static, type TObject, type TSchema, Type } from '@sinclair/typebox';
export type { CategoryLevel, CategoryMap, CategorySources, ResolvedCategory } from './category/resolve-category.js';
export { declaredCategory, resolveCategory } from './category/resolve-category.js';
export { toToolError } from './errors/to-tool-error.js';
export { ToolDefinitionError } from './errors/tool-definition-error.js';
export type { ToolErrorOptions } from './errors/tool-error.js';
export { ToolError } from './errors/tool-error.js';
export type { ToolErrorCode } from './errors/tool-error-code.js';
export { isToolErrorCode, TOOL_ERROR_WIRE } from './errors/tool-error-code.js';
export type { TCommand } from './params/command.js';
export { Command } from './params/command.js';
export type { PathAccess } from './params/keywords.js';
export { COMMAND_KEYWORD, EXTENSION_KEYWORDS, PATH_KEYWORD, URL_KEYWORD } from './params/keywords.js';
export type { MarkedParameter } from './params/marked-parameters.js';
export { findMarkedParameters } from './params/marked-parameters.js';
export type { PathOptions, TPath } from './params/path.js';
export { Path } from './params/path.js';
export type { TUrl } from './params/url.js';
export { Url } from './params/url.js';
export type { AnyToolDefinition, ArgsOf, ResultOf, ToolDefinition, ToolExample, ToolSpec } from './tool/define-tool.js';
export { defineTool, isToolDefinition } from './tool/define-tool.js';
export type { ToolPack, ToolPackSpec } from './tool/define-tool-pack.js';
export { defineToolPack, isToolPack } from './tool/define-tool-pack.js';
export type { ToolContext, ToolLogger, ToolProgress } from './tool/tool-context.js';
export type { HandlerOf, ToolHandler, ToolHandlerResult, ToolHandlers } from './tool/tool-handler.js';
export type { ToolCategory, ToolMeta } from './tool/tool-meta.js';
export { TOOL_NAME_PATTERN, toolNameProblem } from './tool/tool-name.js';
