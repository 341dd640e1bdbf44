import { record, type WalkContext } from './common-drops.js';
import { fnv1a } from './fnv1a.js';
import { childPointer } from './json-pointer.js';
import { isRecord, mapSubschemas, type SchemaNode } from './schema-node.js';

/** One property the declaration names differently from the tool's schema. */
export interface PropertyName {
  /** JSON pointer to the property in the declaration's schema, as the loss entries write them. */
  readonly pointer: string;
  /** The name the provider sees and sends back. */
  readonly provider: string;
  /** The name in the tool's own schema. */
  readonly canonical: string;
}

/** What a provider allows as a property name, and how to make a name fit. */
export interface PropertyNameRule {
  /** A name that matches is sent as it is. */
  readonly legal: RegExp;
  /** Each character that matches becomes `_`. */
  readonly illegalCharacter: RegExp;
  /** A name whose first character does not match gets a leading `_`. */
  readonly firstCharacter: RegExp;
  readonly maxLength: number;
  /** Who asks for it, for the loss entry. */
  readonly who: string;
}

/**
 * Gemini `parameters`: "Parameter names must start with a letter or an underscore and must only contain
 * chars a-z, A-Z, 0-9, or underscores with a maximum length of 64."
 * (FunctionDeclaration.parameters in https://googleapis.github.io/java-genai/javadoc/google-genai/com.google.genai.types/-function-declaration/-builder/parameters.html
 * and https://cloud.google.com/vertex-ai/generative-ai/docs/reference/java/1.3.0/com.google.cloud.vertexai.api.FunctionDeclarationOrBuilder).
 * `parametersJsonSchema` (the gemini-json dialect) documents no such rule, so it keeps the names.
 */
export const GEMINI_PROPERTY_NAMES: PropertyNameRule = {
  legal: /^[A-Za-z_][A-Za-z0-9_]{0,63}$/,
  illegalCharacter: /[^A-Za-z0-9_]/g,
  firstCharacter: /^[A-Za-z_]/,
  maxLength: 64,
  who: "Gemini takes letters, digits and '_', not starting with a digit, up to 64",
};

/**
 * Anthropic `input_schema`: the Messages API answers 400 "Property keys should match pattern
 * '^[a-zA-Z0-9_.-]{1,64}$'" (quoted in https://github.com/anthropics/claude-code/issues/79418).
 */
export const ANTHROPIC_PROPERTY_NAMES: PropertyNameRule = {
  legal: /^[A-Za-z0-9_.-]{1,64}$/,
  illegalCharacter: /[^A-Za-z0-9_.-]/g,
  firstCharacter: /^./,
  maxLength: 64,
  who: "Anthropic takes letters, digits, '_', '.' and '-', 1 to 64 of them",
};

/**
 * The provider name of every name in one `properties` map that `rule` does not allow, canonical to
 * provider. Deterministic and collision-safe: legal names are never changed and are reserved first;
 * an illegal name gets its characters replaced (`-A` becomes `_A` for Gemini), and when that is too
 * long or taken, an `_` and the 8-digit FNV-1a hash of the canonical name.
 */
export function providerPropertyNames(names: readonly string[], rule: PropertyNameRule): Map<string, string> {
  const taken = new Set(names.filter((name) => rule.legal.test(name)));
  const mapped = new Map<string, string>();
  for (const name of names) {
    if (rule.legal.test(name)) continue;
    const replaced = name.replace(rule.illegalCharacter, '_');
    const plain = rule.firstCharacter.test(replaced) ? replaced : `_${replaced}`;
    let candidate = plain;
    for (let attempt = 0; candidate.length > rule.maxLength || taken.has(candidate); attempt += 1) {
      const suffix = `_${fnv1a(attempt === 0 ? name : `${name}#${attempt}`)}`;
      candidate = `${plain.slice(0, rule.maxLength - suffix.length)}${suffix}`;
    }
    taken.add(candidate);
    mapped.set(name, candidate);
  }
  return mapped;
}

/** Provider name to canonical name for one `properties` map (the inverse of `providerPropertyNames`). */
export function canonicalPropertyNames(names: readonly string[], rule: PropertyNameRule): Map<string, string> {
  const inverse = new Map<string, string>();
  for (const [canonical, provider] of providerPropertyNames(names, rule)) inverse.set(provider, canonical);
  return inverse;
}

/**
 * `schema` (refs resolved) with every property name `rule` forbids renamed, at every depth and in
 * `$defs`, and `required`, `dependentRequired` and `dependentSchemas` renamed with it. Map keys
 * (`patternProperties`, `additionalProperties`) are data, not names, and stay. Each rename is recorded
 * in `context` and listed in the result.
 */
export function renameProperties(
  schema: SchemaNode,
  rule: PropertyNameRule,
  context: WalkContext,
): { readonly schema: SchemaNode; readonly renamed: readonly PropertyName[] } {
  const renamed: PropertyName[] = [];
  const walk = (node: unknown, pointer: string): unknown => {
    if (!isRecord(node)) return node;
    const properties = isRecord(node.properties) ? node.properties : undefined;
    const names =
      properties === undefined ? new Map<string, string>() : providerPropertyNames(Object.keys(properties), rule);
    if (properties === undefined || names.size === 0) return mapSubschemas(node, pointer, walk);
    const rename = (name: unknown): unknown => (typeof name === 'string' ? (names.get(name) ?? name) : name);
    const copy: SchemaNode = {};
    for (const [keyword, value] of Object.entries(node)) {
      if (keyword === 'properties') {
        const renamedProperties: SchemaNode = {};
        const at = childPointer(pointer, 'properties');
        for (const [name, child] of Object.entries(properties)) {
          const provider = names.get(name) ?? name;
          const propertyPointer = childPointer(at, provider);
          if (provider !== name) {
            renamed.push({ pointer: propertyPointer, provider, canonical: name });
            const detail = `property ${JSON.stringify(name)} sent as ${JSON.stringify(provider)} (${rule.who}); the decoder names it back`;
            record(context, propertyPointer, 'properties', 'rewritten', detail, false);
          }
          renamedProperties[provider] = walk(child, propertyPointer);
        }
        copy.properties = renamedProperties;
      } else if (keyword === 'required' && Array.isArray(value)) {
        copy.required = value.map(rename);
      } else if (keyword === 'dependentRequired' && isRecord(value)) {
        // Keyed by property names and listing them: renamed alike, so the declaration stays consistent.
        const renamedDependencies: SchemaNode = {};
        for (const [name, list] of Object.entries(value)) {
          renamedDependencies[rename(name) as string] = Array.isArray(list) ? list.map(rename) : list;
        }
        copy.dependentRequired = renamedDependencies;
      } else if (keyword === 'dependentSchemas' && isRecord(value)) {
        const renamedSchemas: SchemaNode = {};
        for (const [name, child] of Object.entries(value)) renamedSchemas[rename(name) as string] = child;
        copy.dependentSchemas = renamedSchemas;
      } else {
        copy[keyword] = value;
      }
    }
    // Everything but `properties` (already walked) goes through the ordinary walk.
    const { properties: walked, ...rest } = copy;
    const others = mapSubschemas(rest, pointer, walk);
    const ordered: SchemaNode = {};
    for (const keyword of Object.keys(copy)) ordered[keyword] = keyword === 'properties' ? walked : others[keyword];
    return ordered;
  };
  return { schema: walk(schema, '') as SchemaNode, renamed };
}
