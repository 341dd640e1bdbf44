import { ToolDefinitionError } from '../errors/tool-definition-error.js';
import { type AnyToolDefinition, isToolDefinition } from './define-tool.js';
import type { ToolHandlers } from './tool-handler.js';

const MARKER = Symbol.for('wesgine.tool-pack');

export interface ToolPackSpec<TTools extends readonly AnyToolDefinition[]> {
  readonly name: string;
  readonly version: string;
  readonly tools: TTools;
  /** Typed from `tools` only (`NoInfer`), so each handler's arguments are inferred from its schema. */
  readonly handlers: NoInfer<ToolHandlers<TTools>>;
  /**
   * Tools that stay callable but are left out of listings (the model is not offered them): a tool that
   * is not configured, and says so when called.
   */
  readonly unlisted?: readonly NoInfer<TTools[number]['name']>[];
}

export interface ToolPack<TTools extends readonly AnyToolDefinition[] = readonly AnyToolDefinition[]> {
  readonly name: string;
  readonly version: string;
  readonly tools: TTools;
  readonly handlers: ToolHandlers<TTools>;
  /** Typed as the pack's tool names, so `[...a.unlisted, ...b.unlisted]` is a valid `unlisted` of a merge. */
  readonly unlisted: readonly TTools[number]['name'][];
}

/**
 * Any pack, whatever its tools: what a consumer that accepts packs takes (`createEngine({ tools })`).
 * A `ToolPack<[...]>` of specific tools is assignable to it; its handlers are called with validated args.
 */
export interface AnyToolPack {
  readonly name: string;
  readonly version: string;
  readonly tools: readonly AnyToolDefinition[];
  readonly handlers: Readonly<Record<string, unknown>>;
  /** Callable, but left out of listings. */
  readonly unlisted?: readonly string[];
}

const VERSION = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?$/;

/**
 * Bundles tool definitions with their handlers. The type makes a missing or mistyped handler a compile
 * error; at run time a duplicate name, a missing handler or a handler for no tool throws at once.
 */
export function defineToolPack<const TTools extends readonly AnyToolDefinition[]>(
  spec: ToolPackSpec<TTools>,
): ToolPack<TTools> {
  const where = `tool pack '${String(spec?.name)}'`;
  if (typeof spec?.name !== 'string' || spec.name.trim() === '') {
    throw new ToolDefinitionError(undefined, 'a tool pack needs a name (usually its npm package name)');
  }
  if (typeof spec.version !== 'string' || !VERSION.test(spec.version)) {
    throw new ToolDefinitionError(
      undefined,
      `${where}: version must be semver such as 1.0.0, got ${JSON.stringify(spec.version)}`,
    );
  }
  if (!Array.isArray(spec.tools)) throw new ToolDefinitionError(undefined, `${where}: tools must be an array`);
  const handlers = (spec.handlers ?? {}) as Record<string, unknown>;
  const seen = new Set<string>();
  spec.tools.forEach((tool: unknown, index: number) => {
    if (!isToolDefinition(tool)) {
      throw new ToolDefinitionError(undefined, `${where}: tools[${index}] was not made by defineTool`);
    }
    if (seen.has(tool.name)) throw new ToolDefinitionError(tool.name, `${where} defines this name twice`);
    seen.add(tool.name);
    if (typeof handlers[tool.name] !== 'function') {
      throw new ToolDefinitionError(tool.name, `${where} has no handler function for this tool`);
    }
  });
  for (const key of Object.keys(handlers).sort()) {
    if (!seen.has(key)) throw new ToolDefinitionError(key, `${where} has a handler but no tool with this name`);
  }
  const unlisted = spec.unlisted ?? [];
  for (const name of unlisted) {
    if (!seen.has(name)) throw new ToolDefinitionError(name, `${where} lists as unlisted a tool it does not have`);
  }
  const pack = {
    name: spec.name,
    version: spec.version,
    tools: Object.freeze([...spec.tools]) as unknown as TTools,
    handlers: Object.freeze({ ...spec.handlers }) as ToolHandlers<TTools>,
    unlisted: Object.freeze([...unlisted]) as readonly TTools[number]['name'][],
  };
  Object.defineProperty(pack, MARKER, { value: true });
  return Object.freeze(pack);
}

/** True for a value made by `defineToolPack`, from any copy of this package. */
export function isToolPack(value: unknown): value is AnyToolPack {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
}
