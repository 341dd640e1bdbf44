import { PATH_KEYWORD, type PathAccess } from '@wesgine/schema';

type SchemaObject = Record<string, unknown>;

/**
 * Marks the string at each JSON pointer of `schema` (a remote tool's `inputSchema`, a plain JSON copy it
 * may change) as a path, as `Path({ access })` does, so governance judges it. `*` stands for any item of
 * an array or value of a map; a pointer to an array of strings marks its items; a nullable string
 * (`anyOf` with `null`) is marked in its string branch. Returns why a pointer cannot be marked, or
 * undefined when every one was.
 */
export function markPaths(schema: SchemaObject, marks: Readonly<Record<string, PathAccess>>): string | undefined {
  for (const [pointer, access] of Object.entries(marks)) {
    const segments = pointer
      .slice(1)
      .split('/')
      .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
    const problem = markAt(schema, segments, access);
    if (problem !== undefined) return `the argument ${pointer} ${problem}`;
  }
  return undefined;
}

function markAt(node: unknown, segments: readonly string[], access: PathAccess): string | undefined {
  if (!isObject(node)) return 'is not described by the schema';
  const branches = alternatives(node);
  if (branches !== undefined) {
    // Each alternative that can hold the value gets the mark; at least one must.
    const problems = branches.map((branch) => markAt(branch, segments, access));
    return problems.some((problem) => problem === undefined) ? undefined : problems[0];
  }
  if (typeof node.$ref === 'string') return `goes through a $ref (${node.$ref}), which cannot be marked`;
  const [head, ...rest] = segments;
  if (head === undefined) {
    if (isString(node)) {
      node[PATH_KEYWORD] = access;
      return undefined;
    }
    if (isObject(node.items) && isString(node.items)) {
      node.items[PATH_KEYWORD] = access;
      return undefined;
    }
    return 'is not a string or a list of strings';
  }
  if (head === '*') {
    const child = isObject(node.items) ? node.items : node.additionalProperties;
    return isObject(child) ? markAt(child, rest, access) : 'has no items or map values to mark';
  }
  const properties = node.properties;
  if (!isObject(properties) || !Object.hasOwn(properties, head)) return 'is not a parameter of the tool';
  return markAt(properties[head], rest, access);
}

/** The branches of a nullable or union schema that describe one value, or undefined for a plain schema. */
function alternatives(node: SchemaObject): unknown[] | undefined {
  const list = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined;
  if (list === undefined) return undefined;
  const useful = list.filter((branch) => !(isObject(branch) && branch.type === 'null'));
  return useful.length > 0 ? useful : undefined;
}

function isString(node: SchemaObject): boolean {
  const { type } = node;
  return type === 'string' || (Array.isArray(type) && type.includes('string'));
}

function isObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
