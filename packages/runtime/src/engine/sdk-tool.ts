import {
  type AnyToolDefinition,
  defineTool,
  type Static,
  type TObject,
  type ToolContext,
  type ToolMeta,
} from '@wesgine/schema';

/** A tool given as a closure (`cell.tools().register(...)`, `RunParams.tools`): a definition plus its handler. */
export interface SdkTool<TParameters extends TObject = TObject> {
  readonly name: string;
  readonly description: string;
  readonly parameters: TParameters;
  readonly meta?: ToolMeta;
  /** Typed from `parameters`; called only with arguments that passed validation. */
  readonly handler: (args: Static<TParameters>, context: ToolContext) => unknown;
}

/** The checked definition of an SDK tool (`defineTool` rules: name, object parameters, meta). */
export function sdkDefinition<TParameters extends TObject>(tool: SdkTool<TParameters>): AnyToolDefinition {
  return defineTool({
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    ...(tool.meta === undefined ? {} : { meta: tool.meta }),
  });
}
