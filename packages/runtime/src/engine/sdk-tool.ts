import { type AnyToolDefinition, defineTool, type TObject, type ToolContext, type ToolMeta } from '@wesgine/schema';

/** A tool given as a closure (`cell.tools().register(...)`, `RunParams.tools`): a definition plus its handler. */
export interface SdkTool {
  readonly name: string;
  readonly description: string;
  readonly parameters: TObject;
  readonly meta?: ToolMeta;
  readonly handler: (args: never, context: ToolContext) => unknown;
}

/** The checked definition of an SDK tool (`defineTool` rules: name, object parameters, meta). */
export function sdkDefinition(tool: SdkTool): AnyToolDefinition {
  return defineTool({
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    ...(tool.meta === undefined ? {} : { meta: tool.meta }),
  });
}
