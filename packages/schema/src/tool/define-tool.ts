import { Kind, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { ToolDefinitionError } from '../errors/tool-definition-error.js';
import type { PathAccess } from '../params/keywords.js';
import { exampleProblem } from '../validate/example-problem.js';
import { closeParameters, frozenSchema } from './close-parameters.js';
import { metaProblems } from './meta-problems.js';
import type { ToolCategory, ToolMeta } from './tool-meta.js';
import { toolNameProblem } from './tool-name.js';

const MARKER = Symbol.for('wesgine.tool-definition');

/** A sample call, shown in docs and checked against the schema when the tool is defined. */
export interface ToolExample<TArgs> {
  readonly description?: string;
  readonly args: TArgs;
}

/** What an author writes. */
export interface ToolSpec<TName extends string, TParameters extends TObject, TResult extends TSchema | undefined> {
  readonly name: TName;
  readonly description: string;
  readonly parameters: TParameters;
  readonly result?: TResult;
  readonly meta?: ToolMeta;
  readonly examples?: readonly ToolExample<Static<TParameters>>[];
  /**
   * The category of one call, from its validated arguments, for a tool whose calls differ (`memory view`
   * reads, `memory delete` writes). It refines the tool's own category; a cell's category map still wins.
   */
  readonly categoryOf?: (args: Static<TParameters>) => ToolCategory;
  /**
   * Paths named inside an argument's text (the files of a patch), for governance to check like `Path()`
   * arguments before the handler runs. Each arrives in `context.resolvedPaths` under `@` + its text.
   * Throwing leaves the text for the handler to refuse.
   */
  readonly pathsOf?: (args: Static<TParameters>) => readonly NamedPath[];
}

/** A path found inside an argument's text, and what the tool will do with it. */
export interface NamedPath {
  readonly path: string;
  readonly access: PathAccess;
}

/** A checked, frozen tool definition. */
export interface ToolDefinition<
  TName extends string = string,
  TParameters extends TObject = TObject,
  TResult extends TSchema | undefined = TSchema | undefined,
> {
  readonly name: TName;
  readonly description: string;
  readonly parameters: TParameters;
  readonly result: TResult;
  readonly meta: ToolMeta;
  readonly examples: readonly ToolExample<Static<TParameters>>[];
  /** See `ToolSpec.categoryOf`; a method, so a definition of any arguments is an `AnyToolDefinition`. */
  categoryOf?(args: Static<TParameters>): ToolCategory;
  /** See `ToolSpec.pathsOf`. */
  pathsOf?(args: Static<TParameters>): readonly NamedPath[];
}

export type AnyToolDefinition = ToolDefinition<string, TObject, TSchema | undefined>;

/** The arguments a handler receives for tool `T`. */
export type ArgsOf<T extends AnyToolDefinition> = Static<T['parameters']>;

/** The `data` a handler returns for tool `T` (`undefined` when the tool declares no result schema). */
export type ResultOf<T extends AnyToolDefinition> = T['result'] extends TSchema ? Static<T['result']> : undefined;

/**
 * Defines a tool. Throws `ToolDefinitionError` at once for a bad name, a `parameters` schema that is not
 * an object, an unknown or contradictory `meta` field, or an example that does not match the schema.
 *
 * The definition keeps its own frozen copy of the schemas, so changing the objects passed in changes no
 * tool. Parameters are closed by default: every object schema that says nothing about other keys takes
 * none (`additionalProperties: false` in the copy, and in every export of it), so a misspelt key is an
 * `invalid_arguments` issue naming the nearest known key. Say `additionalProperties: true` (or give a
 * schema for the other keys) to take keys the schema does not list.
 */
export function defineTool<
  const TName extends string,
  const TParameters extends TObject,
  const TResult extends TSchema | undefined = undefined,
>(spec: ToolSpec<TName, TParameters, TResult>): ToolDefinition<TName, TParameters, TResult> {
  if (typeof spec !== 'object' || spec === null) {
    throw new ToolDefinitionError(undefined, 'defineTool expects an object with name, description and parameters');
  }
  const nameProblem = toolNameProblem(spec.name);
  if (nameProblem !== undefined) {
    throw new ToolDefinitionError(
      typeof spec.name === 'string' && spec.name !== '' ? spec.name : undefined,
      nameProblem,
    );
  }
  const name = spec.name;
  if (typeof spec.description !== 'string' || spec.description.trim() === '') {
    throw new ToolDefinitionError(name, 'the description is empty; the model reads it to decide when to call the tool');
  }
  if (!isObjectSchema(spec.parameters)) {
    throw new ToolDefinitionError(
      name,
      `parameters must be an object schema (Type.Object({...})), got ${describeSchema(spec.parameters)}`,
    );
  }
  if (spec.result !== undefined && !isSchema(spec.result)) {
    throw new ToolDefinitionError(name, `result must be a TypeBox schema, got ${describeSchema(spec.result)}`);
  }
  const meta = spec.meta ?? {};
  const problems = metaProblems(meta);
  if (meta.aliases?.includes(name) === true) problems.push(`meta.aliases repeats the tool's own name '${name}'`);
  if (problems.length === 0) problems.push(...unknownDisplayOnly(meta.displayOnly, spec.parameters));
  if (problems.length > 0) throw new ToolDefinitionError(name, problems.join('; '));
  if (spec.categoryOf !== undefined && typeof spec.categoryOf !== 'function') {
    throw new ToolDefinitionError(name, 'categoryOf must be a function from the arguments to a category');
  }
  if (spec.pathsOf !== undefined && typeof spec.pathsOf !== 'function') {
    throw new ToolDefinitionError(name, 'pathsOf must be a function from the arguments to the paths they name');
  }

  const examples = spec.examples ?? [];
  if (!Array.isArray(examples)) throw new ToolDefinitionError(name, 'examples must be an array');

  let parameters: TParameters;
  let result: TResult;
  try {
    parameters = closeParameters(spec.parameters);
    result = (spec.result === undefined ? undefined : frozenSchema(spec.result)) as TResult;
  } catch (error) {
    throw new ToolDefinitionError(name, (error as Error).message);
  }
  const definition = {
    name,
    description: spec.description,
    parameters,
    result,
    meta: Object.freeze({
      ...meta,
      ...(meta.aliases === undefined ? {} : { aliases: Object.freeze([...meta.aliases]) }),
      ...(meta.displayOnly === undefined ? {} : { displayOnly: Object.freeze([...meta.displayOnly]) }),
    }),
    examples: Object.freeze([...examples]),
    ...(spec.categoryOf === undefined ? {} : { categoryOf: spec.categoryOf }),
    ...(spec.pathsOf === undefined ? {} : { pathsOf: spec.pathsOf }),
  };
  Object.defineProperty(definition, MARKER, { value: true });
  const exampleError = exampleProblem(definition.parameters, definition.examples);
  if (exampleError !== undefined) throw new ToolDefinitionError(name, exampleError);
  return Object.freeze(definition);
}

/** True for a value made by `defineTool`, from any copy of this package. */
export function isToolDefinition(value: unknown): value is AnyToolDefinition {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
}

/** `meta.displayOnly` names that are not top-level parameters. */
function unknownDisplayOnly(names: readonly string[] | undefined, parameters: TObject): string[] {
  if (names === undefined) return [];
  return names
    .filter((field) => !Object.hasOwn(parameters.properties, field))
    .map((field) => `meta.displayOnly names '${field}', which is not a parameter`);
}

function isSchema(value: unknown): value is TSchema {
  return typeof value === 'object' && value !== null && Kind in value;
}

function isObjectSchema(value: unknown): value is TObject {
  return isSchema(value) && value[Kind] === 'Object' && value.type === 'object';
}

function describeSchema(value: unknown): string {
  if (isSchema(value)) return `Type.${String(value[Kind])}`;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'a plain object (build schemas with Type.*)';
  return typeof value;
}
