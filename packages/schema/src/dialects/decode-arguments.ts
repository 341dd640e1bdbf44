import { acceptsNull } from './nullable.js';
import { canonicalPropertyNames, type PropertyNameRule } from './property-names.js';
import { cloneJson, isRecord, type SchemaNode, typesOf } from './schema-node.js';

export interface DecodeOptions {
  /** Remove `null` from properties the original schema has as optional and not nullable (OpenAI strict). */
  readonly nullOptionals?: boolean;
  /** Turn strings back into the number or boolean literal the original schema allows there (Gemini). */
  readonly stringLiterals?: boolean;
  /**
   * The rule the declaration's property names were made to fit (`renameProperties`): names the provider
   * sends are turned back into the schema's own, first, at every depth.
   */
  readonly propertyNames?: PropertyNameRule;
}

interface Shape {
  readonly properties: Record<string, unknown>;
  /** Provider property name to canonical name, for the names the declaration renamed. */
  readonly renames: ReadonlyMap<string, string>;
  readonly required: ReadonlySet<unknown>;
  readonly patterns: readonly (readonly [RegExp, unknown])[];
  readonly additional: unknown;
  readonly items: unknown;
  readonly prefixItems: readonly unknown[];
}

/**
 * A decoder from a provider's arguments back to the canonical shape, driven by the ORIGINAL schema
 * (refs resolved and hoisted). It returns a fresh value, never mutates its input and never throws:
 * what it cannot make sense of comes back as it is, for validation to report.
 */
export function createDecoder(schema: SchemaNode, options: DecodeOptions): (args: unknown) => unknown {
  const definitions = isRecord(schema.$defs) ? schema.$defs : {};
  const rule = options.propertyNames;
  const renameCache = new WeakMap<object, ReadonlyMap<string, string>>();
  const renamesOf = (properties: unknown): ReadonlyMap<string, string> => {
    if (rule === undefined || !isRecord(properties)) return NO_RENAMES;
    let found = renameCache.get(properties);
    if (found === undefined) {
      found = canonicalPropertyNames(Object.keys(properties), rule);
      renameCache.set(properties, found);
    }
    return found;
  };
  const ownShape = (node: SchemaNode): Shape => ({ ...plainShape(node), renames: renamesOf(node.properties) });
  const resolveRef = (ref: string): unknown =>
    ref === '#' ? schema : ref.startsWith('#/$defs/') ? definitions[ref.slice('#/$defs/'.length)] : undefined;
  const deref = (node: unknown): unknown => {
    let current = node;
    for (let hops = 0; hops < 32 && isRecord(current) && typeof current.$ref === 'string'; hops += 1) {
      current = resolveRef(current.$ref);
    }
    return current;
  };

  const literals = (node: unknown, depth: number): unknown[] => {
    const current = deref(node);
    if (!isRecord(current) || depth > 16) return [];
    const found: unknown[] = [];
    if ('const' in current) found.push(current.const);
    if (Array.isArray(current.enum)) found.push(...current.enum);
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      const branches = current[keyword];
      if (Array.isArray(branches)) for (const branch of branches) found.push(...literals(branch, depth + 1));
    }
    return found;
  };
  const fromString = (node: unknown, text: string): unknown => {
    const allowed = literals(node, 0);
    if (allowed.includes(text)) return text;
    for (const literal of allowed) {
      if (typeof literal === 'number' && text.trim() !== '' && Number(text) === literal) return literal;
      if (typeof literal === 'boolean' && text === String(literal)) return literal;
    }
    return text;
  };

  /** What `node` says about the members of `value`: its own keywords, the fitting anyOf branch, allOf. */
  const shapeOf = (node: unknown, value: object, depth = 0): Shape => {
    const current = deref(node);
    if (!isRecord(current) || depth > 16) return EMPTY_SHAPE;
    let shape = ownShape(current);
    const branch = pickBranch(current, value);
    if (branch !== undefined) shape = mergeShape(shape, shapeOf(branch, value, depth + 1));
    if (Array.isArray(current.allOf)) {
      for (const part of current.allOf) shape = mergeShape(shape, shapeOf(part, value, depth + 1));
    }
    return shape;
  };
  const pickBranch = (node: SchemaNode, value: object): unknown => {
    const branches = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined;
    if (branches === undefined) return undefined;
    const kind = Array.isArray(value) ? 'array' : 'object';
    const fitting = branches.filter((branch) => fitsKind(deref(branch), kind));
    if (fitting.length <= 1 || Array.isArray(value)) return fitting[0];
    const keys = Object.keys(value);
    return (
      fitting.find((branch) => {
        const properties = (deref(branch) as SchemaNode).properties;
        const renames = renamesOf(properties);
        return isRecord(properties) && keys.every((key) => key in properties || renames.has(key));
      }) ?? fitting[0]
    );
  };

  const decode = (node: unknown, value: unknown, ancestors: Set<object>): unknown => {
    if (options.stringLiterals === true && typeof value === 'string') return fromString(node, value);
    if (typeof value !== 'object' || value === null || ancestors.has(value)) return value;
    ancestors.add(value);
    const shape = shapeOf(node, value);
    let decoded: unknown;
    if (Array.isArray(value)) {
      decoded = value.map((item, index) => decode(shape.prefixItems[index] ?? shape.items, item, ancestors));
    } else {
      const record: Record<string, unknown> = {};
      for (const [sent, item] of Object.entries(value)) {
        // A renamed property is named back before anything else looks at it. When the canonical name
        // came too, the provider name stays as sent, for validation to report.
        const canonical = shape.renames.get(sent);
        const key = canonical === undefined || Object.hasOwn(value, canonical) ? sent : canonical;
        const declared = Object.hasOwn(shape.properties, key) ? shape.properties[key] : undefined;
        if (
          options.nullOptionals === true &&
          item === null &&
          declared !== undefined &&
          !shape.required.has(key) &&
          !acceptsNull(declared, resolveRef)
        ) {
          continue;
        }
        const child = declared ?? shape.patterns.find(([pattern]) => pattern.test(key))?.[1] ?? shape.additional;
        record[key] = child === undefined ? cloneJson(item) : decode(child, item, ancestors);
      }
      decoded = record;
    }
    ancestors.delete(value);
    return decoded;
  };

  return (args) => {
    try {
      return decode(schema, args, new Set());
    } catch {
      return args;
    }
  };
}

function fitsKind(node: unknown, kind: 'object' | 'array'): boolean {
  if (!isRecord(node)) return false;
  const types = typesOf(node);
  if (types.length > 0) return types.includes(kind);
  if (kind === 'array') return node.items !== undefined || node.prefixItems !== undefined;
  return (
    node.properties !== undefined || node.additionalProperties !== undefined || node.patternProperties !== undefined
  );
}

const NO_RENAMES: ReadonlyMap<string, string> = new Map();

const EMPTY_SHAPE: Shape = {
  properties: {},
  renames: NO_RENAMES,
  required: new Set(),
  patterns: [],
  additional: undefined,
  items: undefined,
  prefixItems: [],
};

function plainShape(node: SchemaNode): Omit<Shape, 'renames'> {
  const patterns: [RegExp, unknown][] = [];
  if (isRecord(node.patternProperties)) {
    for (const [source, child] of Object.entries(node.patternProperties)) {
      try {
        patterns.push([new RegExp(source, 'u'), child]);
      } catch {
        // A pattern JavaScript cannot compile decodes nothing; validation reports it.
      }
    }
  }
  return {
    properties: isRecord(node.properties) ? node.properties : {},
    required: new Set(Array.isArray(node.required) ? node.required : []),
    patterns,
    additional: isRecord(node.additionalProperties) ? node.additionalProperties : undefined,
    items: isRecord(node.items) ? node.items : undefined,
    prefixItems: Array.isArray(node.prefixItems) ? node.prefixItems : [],
  };
}

function mergeShape(into: Shape, part: Shape): Shape {
  return {
    properties: { ...part.properties, ...into.properties },
    renames: part.renames.size === 0 ? into.renames : new Map([...part.renames, ...into.renames]),
    required: new Set([...into.required, ...part.required]),
    patterns: [...into.patterns, ...part.patterns],
    additional: into.additional ?? part.additional,
    items: into.items ?? part.items,
    prefixItems: into.prefixItems.length > 0 ? into.prefixItems : part.prefixItems,
  };
}

/** The identity decoder: a fresh copy of the arguments; never throws. */
export function copyArguments(args: unknown): unknown {
  try {
    return cloneJson(args);
  } catch {
    return args;
  }
}
