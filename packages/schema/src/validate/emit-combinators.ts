import { type Compilation, fail, type Mode, member, text } from './compilation.js';
import { joinWords } from './describe-value.js';
import { oneOfValues } from './emit-values.js';
import { acceptsAnything, type SchemaNode, type SchemaObject, schemaList, VALIDATION_KEYWORDS } from './schema-node.js';
import { discriminators, schemaPhrase, unique } from './schema-summary.js';

/** `allOf`, `anyOf`, `oneOf` and `not`. */
export function emitCombinators(
  compilation: Compilation,
  schema: SchemaObject,
  mode: Mode,
  data: string,
  path: string,
) {
  const lines: string[] = [];
  for (const child of schemaList(schema, 'allOf') ?? []) lines.push(compilation.emit(child, mode, data, path));
  const anyOf = schemaList(schema, 'anyOf');
  if (anyOf !== undefined) lines.push(emitUnion(compilation, anyOf, 'anyOf', mode, data, path));
  const oneOf = schemaList(schema, 'oneOf');
  if (oneOf !== undefined) lines.push(emitUnion(compilation, oneOf, 'oneOf', mode, data, path));
  if (schema.not !== undefined) {
    const not = schema.not as SchemaNode;
    const check = compilation.functionFor(not, 'check');
    const message = acceptsAnything(not) ? 'is not allowed here' : `must not be ${schemaPhrase(not, compilation.refs)}`;
    lines.push(`if (${check}(${data})) { ${fail(mode, 'not', path, text(message))} }`);
  }
  return lines.join('\n');
}

function emitUnion(
  compilation: Compilation,
  branches: readonly SchemaNode[],
  keyword: 'anyOf' | 'oneOf',
  mode: Mode,
  data: string,
  path: string,
): string {
  if (branches.length === 0) {
    return fail(mode, keyword, path, text('cannot be satisfied: the schema lists no alternatives'));
  }
  const noneMatched = emitNoneMatched(compilation, branches, keyword, mode, data, path);
  const literals = literalValues(branches);
  if (literals !== undefined && new Set(literals).size === literals.length) {
    // TypeBox's encoding of an enum, a union of literals: one lookup instead of one call per alternative.
    return `if (!(${oneOfValues(compilation, data, literals)})) { ${noneMatched} }`;
  }
  const checks = branches.map((branch) => compilation.functionFor(branch, 'check'));
  if (keyword === 'anyOf') {
    return `if (!(${checks.map((check) => `${check}(${data})`).join(' || ')})) { ${noneMatched} }`;
  }
  const count = compilation.variable('matches');
  const which = compilation.variable('which');
  const lines = [mode === 'errors' ? `let ${count} = 0; const ${which} = [];` : `let ${count} = 0;`];
  checks.forEach((check, index) => {
    lines.push(`if (${check}(${data})) { ${count}++; ${mode === 'errors' ? `${which}.push(${index + 1});` : ''} }`);
  });
  const many = `"must match exactly one alternative, but matches alternatives " + ${which}.join(" and ")`;
  lines.push(`if (${count} === 0) { ${noneMatched} } else if (${count} > 1) { ${fail(mode, 'oneOf', path, many)} }`);
  return lines.join('\n');
}

// The values of a union whose every alternative is a primitive `const` (with at most a `type` beside it).
function literalValues(branches: readonly SchemaNode[]): unknown[] | undefined {
  const values: unknown[] = [];
  for (const branch of branches) {
    if (typeof branch !== 'object' || !('const' in branch)) return undefined;
    const value = branch.const;
    if (typeof value === 'object' && value !== null) return undefined;
    const others = Object.keys(branch).filter((key) => VALIDATION_KEYWORDS.has(key) && key !== 'const');
    if (others.some((key) => key !== 'type') || !typeAllows(branch.type, value)) return undefined;
    values.push(value);
  }
  return values;
}

function typeAllows(type: unknown, value: unknown): boolean {
  if (type === undefined) return true;
  if (type === 'null') return value === null;
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'number') return Number.isFinite(value);
  return typeof value === type;
}

// No alternative matched. When exactly one object alternative has `const` properties that the value
// carries (`kind: "edit"`), its own issues are the useful ones; otherwise one summary issue.
function emitNoneMatched(
  compilation: Compilation,
  branches: readonly SchemaNode[],
  keyword: 'anyOf' | 'oneOf',
  mode: Mode,
  data: string,
  path: string,
): string {
  const phrases = unique(branches.map((branch) => schemaPhrase(branch, compilation.refs)));
  const expected =
    phrases.length === branches.length
      ? `must be ${joinWords(phrases)}`
      : `must match one of ${branches.length} alternatives (${joinWords(phrases)})`;
  const summary = fail(mode, keyword, path, `${text(`${expected}, got `)} + describeValue(${data})`);
  if (mode === 'check') return summary;

  const tagged = branches
    .map((branch, index) => ({ branch, index, tags: discriminators(branch, compilation.refs) }))
    .filter(({ tags }) => tags.length > 0);
  if (tagged.length === 0) return summary;

  const found = compilation.variable('found');
  const hits = compilation.variable('hits');
  const lines = [`let ${found} = -1, ${hits} = 0;`];
  const tests = tagged.map(({ index, tags }) => {
    const test = tags.map(([key, value]) => `${member(data, key)} === ${JSON.stringify(value)}`).join(' && ');
    return `if (${test}) { ${found} = ${index}; ${hits}++; }`;
  });
  lines.push(`if (typeof ${data} === "object" && ${data} !== null && !Array.isArray(${data})) { ${tests.join('\n')} }`);
  const cases = tagged.map(
    ({ branch, index }) => `if (${found} === ${index}) { ${compilation.emit(branch, mode, data, path)} }`,
  );
  lines.push(`if (${hits} === 1) { ${cases.join(' else ')} } else { ${summary} }`);
  return lines.join('\n');
}
