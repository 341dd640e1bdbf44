/**
 * The provider forms a tool can be exported to.
 * - `openai-strict`: OpenAI function tool with `strict: true` (Responses API shape)
 * - `openai`: the same without strict mode
 * - `anthropic`: Messages API `tools[]` entry
 * - `gemini`: `functionDeclarations[]` entry with the OpenAPI 3.0 subset in `parameters`
 * - `gemini-json`: `functionDeclarations[]` entry with real JSON Schema in `parametersJsonSchema`
 * - `mcp`: MCP `tools/list` entry, the max-compat variant
 */
export type DialectName = 'openai-strict' | 'openai' | 'anthropic' | 'gemini' | 'gemini-json' | 'mcp';

export const DIALECT_NAMES: readonly DialectName[] = Object.freeze([
  'openai-strict',
  'openai',
  'anthropic',
  'gemini',
  'gemini-json',
  'mcp',
]);

/** Dialects whose provider has a strict mode; their loss reports judge it (`strictCapable`, `strictProblems`). */
export const STRICT_MODE_DIALECTS: readonly DialectName[] = Object.freeze(['openai-strict', 'openai', 'anthropic']);

export function isDialectName(value: unknown): value is DialectName {
  return typeof value === 'string' && (DIALECT_NAMES as readonly string[]).includes(value);
}
