import type { AnyToolDefinition } from '../tool/define-tool.js';
import { buildAnthropic } from './anthropic.js';
import type { DialectBuilder } from './dialect-build.js';
import { DIALECT_NAMES, type DialectName, isDialectName } from './dialect-name.js';
import { buildGemini } from './gemini.js';
import { buildGeminiJson } from './gemini-json.js';
import type { LossReport } from './loss-report.js';
import { buildMcp } from './mcp.js';
import { buildOpenAi } from './openai.js';
import { buildOpenAiStrict } from './openai-strict.js';
import type { PropertyName } from './property-names.js';
import { providerToolName } from './provider-name.js';

/** One tool in one provider's form. */
export interface DialectExport {
  readonly dialect: DialectName;
  /** The provider-legal name; `loss.tool` holds the canonical one. */
  readonly name: string;
  /** Exactly the provider's tool object, ready for the request body. */
  readonly declaration: Record<string, unknown>;
  readonly loss: LossReport;
  /**
   * The properties the declaration names differently from the tool's schema, because the provider
   * forbids the schema's names (`gemini`: `-A` is sent as `_A`; `anthropic`: names outside
   * `[A-Za-z0-9_.-]{1,64}`). Empty for most tools. `decode` already names them back; this is the
   * way back for anyone reading the declaration.
   */
  readonly propertyNames: readonly PropertyName[];
  /**
   * Provider-shaped arguments back to the canonical shape, to validate against the ORIGINAL schema:
   * renamed properties get their own names back (at every depth), then `openai-strict` removes the
   * `null`s it asked for in place of left-out optional properties and `gemini` turns string-encoded
   * number and boolean enum values back. A fresh value every time; never throws.
   */
  decode(args: unknown): unknown;
  /** The handler's result data in the shape the declaration promises (MCP wraps non-object results). */
  encodeResult(data: unknown): unknown;
}

export interface ExportOptions {
  /** The other tools' names in the same request or pack, so mapped names that collide get a hash suffix. */
  readonly otherNames?: readonly string[];
}

const BUILDERS: Readonly<Record<DialectName, DialectBuilder>> = {
  'openai-strict': buildOpenAiStrict,
  openai: buildOpenAi,
  anthropic: buildAnthropic,
  gemini: buildGemini,
  'gemini-json': buildGeminiJson,
  mcp: buildMcp,
};

/**
 * `tool` in the form `dialect` wants, with the report of what was lost on the way and the decoder for
 * the arguments that come back. Deterministic: the same tool gives the same JSON, key order included.
 * Throws `ToolDefinitionError` for a schema no provider can take (a `$ref` that resolves nowhere, a
 * non-JSON type such as `Type.Date`), and `TypeError` for an unknown dialect.
 */
export function exportTool(tool: AnyToolDefinition, dialect: DialectName, options: ExportOptions = {}): DialectExport {
  if (!isDialectName(dialect))
    throw new TypeError(`unknown dialect ${JSON.stringify(dialect)}; expected one of ${DIALECT_NAMES.join(', ')}`);
  const name = providerToolName(tool.name, dialect, options.otherNames);
  const build = BUILDERS[dialect](tool, name);
  const entries = [...build.log.entries];
  const strictCapable = build.hasStrictMode && build.strictProblems.length === 0;
  const loss: LossReport = {
    dialect,
    tool: tool.name,
    providerName: name,
    lossless: entries.every((entry) => !entry.lossy),
    hasStrictMode: build.hasStrictMode,
    strictCapable,
    strictProblems: [...build.strictProblems],
    warnings: [...build.log.warnings],
    entries,
  };
  return {
    dialect,
    name,
    declaration: build.declaration,
    loss,
    propertyNames: [...(build.propertyNames ?? [])],
    decode: build.decode,
    encodeResult: build.encodeResult ?? ((data) => data),
  };
}

/** `tool` in every dialect, in `DIALECT_NAMES` order. */
export function exportToolAllDialects(tool: AnyToolDefinition, options: ExportOptions = {}): DialectExport[] {
  return DIALECT_NAMES.map((dialect) => exportTool(tool, dialect, options));
}

/** Every tool of one request or pack in `dialect`, provider names made distinct across the set. */
export function exportTools(tools: readonly AnyToolDefinition[], dialect: DialectName): DialectExport[] {
  const otherNames = tools.map((tool) => tool.name);
  return tools.map((tool) => exportTool(tool, dialect, { otherNames }));
}
