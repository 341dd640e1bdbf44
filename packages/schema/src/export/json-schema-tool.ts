import type { AnyToolDefinition } from '../tool/define-tool.js';
import { toJsonSchema } from './to-json-schema.js';

/** The `$schema` URI of the JSON Schema draft that every export targets. */
export const JSON_SCHEMA_DRAFT = 'https://json-schema.org/draft/2020-12/schema';

/** A tool in our own form: what `GET /tools` serves and `generated/schemas/<name>.gen.json` holds. */
export interface JsonSchemaTool {
  readonly name: string;
  readonly description: string;
  /** Draft 2020-12 with `$schema` set; the `x-wesgine-*` keywords stay, governance reads them. */
  readonly parameters: Record<string, unknown>;
  /** The result schema, in the same form, when the tool declares one. */
  readonly result?: Record<string, unknown>;
}

/**
 * The tool as plain JSON: draft 2020-12 (`$schema` on `parameters` and `result`), TypeBox symbols
 * removed, our `x-wesgine-*` keywords kept. No provider sees this form; the dialect exporters start from it.
 */
export function toJsonSchemaTool(tool: AnyToolDefinition): JsonSchemaTool {
  const parameters = withDraft(toJsonSchema(tool.parameters));
  if (tool.result === undefined) return { name: tool.name, description: tool.description, parameters };
  return { name: tool.name, description: tool.description, parameters, result: withDraft(toJsonSchema(tool.result)) };
}

function withDraft(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _authored, ...rest } = schema;
  return { $schema: JSON_SCHEMA_DRAFT, ...rest };
}
