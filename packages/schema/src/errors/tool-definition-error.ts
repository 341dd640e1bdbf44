import { ToolError } from './tool-error.js';

/** A tool or tool pack that is wrong as written: a bad name, a non-object schema, a duplicate. */
export class ToolDefinitionError extends ToolError {
  readonly tool: string | undefined;

  constructor(tool: string | undefined, message: string) {
    super('invalid_definition', tool === undefined ? message : `tool '${tool}': ${message}`, { data: { tool } });
    this.name = 'ToolDefinitionError';
    this.tool = tool;
  }
}
