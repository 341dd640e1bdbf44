import { appendPath, type Compilation, fail, type Mode, member, text } from './compilation.js';
import { escapePointer } from './describe-value.js';
import type { SchemaNode, SchemaObject } from './schema-node.js';
import { schemaPhrase } from './schema-summary.js';

/**
 * The object keywords that relate properties to each other: `propertyNames`, `dependentRequired`,
 * `dependentSchemas`, and draft-07 `dependencies` (either form). For a `data` known to be an object.
 */
export function emitDependent(compilation: Compilation, schema: SchemaObject, mode: Mode, data: string, path: string) {
  const lines: string[] = [];
  if (schema.propertyNames !== undefined) {
    const names = schema.propertyNames as SchemaNode;
    const check = compilation.functionFor(names, 'check');
    const key = compilation.variable('key');
    const message = `"the property name " + quote(${key}) + ${text(` is not allowed: names must be ${schemaPhrase(names, compilation.refs)}`)}`;
    const keyPath = `${appendPath(path, '/')} + escapePointer(${key})`;
    lines.push(
      `for (const ${key} in ${data}) { if (!${check}(${key})) { ${fail(mode, 'propertyNames', keyPath, message)} } }`,
    );
  }
  const required: [string, string[]][] = [];
  const schemas: [string, SchemaNode][] = [];
  for (const source of [schema.dependencies, schema.dependentRequired, schema.dependentSchemas]) {
    if (typeof source !== 'object' || source === null) continue;
    for (const [name, dependency] of Object.entries(source)) {
      if (Array.isArray(dependency)) required.push([name, dependency.map(String)]);
      else schemas.push([name, dependency as SchemaNode]);
    }
  }
  for (const [name, needed] of required) {
    const checks = needed.map((other) => {
      const otherPath = appendPath(path, `/${escapePointer(other)}`);
      const message = text(`is required when ${JSON.stringify(name)} is given`);
      return `if (${member(data, other)} === undefined) { ${fail(mode, 'dependentRequired', otherPath, message)} }`;
    });
    if (checks.length > 0) lines.push(`if (${member(data, name)} !== undefined) { ${checks.join('\n')} }`);
  }
  for (const [name, dependency] of schemas) {
    const body = compilation.emit(dependency, mode, data, path);
    if (body !== '') lines.push(`if (${member(data, name)} !== undefined) { ${body} }`);
  }
  return lines.join('\n');
}

/** `contains` with `minContains` / `maxContains`, for a `data` known to be an array. */
export function emitContains(compilation: Compilation, schema: SchemaObject, mode: Mode, data: string, path: string) {
  if (schema.contains === undefined) return '';
  const contains = schema.contains as SchemaNode;
  const check = compilation.functionFor(contains, 'check');
  const phrase = schemaPhrase(contains, compilation.refs);
  const least = typeof schema.minContains === 'number' ? schema.minContains : 1;
  const most = typeof schema.maxContains === 'number' ? schema.maxContains : undefined;
  const count = compilation.variable('count');
  const index = compilation.variable('index');
  const lines = [
    `let ${count} = 0;`,
    `for (let ${index} = 0; ${index} < ${data}.length; ${index}++) if (${check}(${data}[${index}])) ${count}++;`,
  ];
  if (least > 0) {
    const wanted = least === 1 ? `at least one item that is ${phrase}` : `at least ${least} items that are ${phrase}`;
    const message = `${text(`must contain ${wanted}, got `)} + ${count}`;
    lines.push(`if (${count} < ${least}) { ${fail(mode, 'contains', path, message)} }`);
  }
  if (most !== undefined) {
    const message = `${text(`must contain at most ${most} items that are ${phrase}, got `)} + ${count}`;
    lines.push(`if (${count} > ${most}) { ${fail(mode, 'maxContains', path, message)} }`);
  }
  return lines.join('\n');
}

/** `if` / `then` / `else`: the `then` schema applies when `if` matches, `else` when it does not. */
export function emitConditional(
  compilation: Compilation,
  schema: SchemaObject,
  mode: Mode,
  data: string,
  path: string,
) {
  if (schema.if === undefined || (schema.then === undefined && schema.else === undefined)) return '';
  const test = compilation.functionFor(schema.if as SchemaNode, 'check');
  const then = schema.then === undefined ? '' : compilation.emit(schema.then as SchemaNode, mode, data, path);
  const otherwise = schema.else === undefined ? '' : compilation.emit(schema.else as SchemaNode, mode, data, path);
  return `if (${test}(${data})) { ${then} } else { ${otherwise} }`;
}
