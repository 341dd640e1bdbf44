import { RefResolver } from './resolve-refs.js';
import type { SchemaNode } from './schema-node.js';

/**
 * `check`: the generated code returns `false` at the first failure.
 * `errors`: it pushes an issue for every failure into `issues` and carries on.
 */
export type Mode = 'check' | 'errors';

/** Emits the statements that validate the value held in variable `data` against `schema`. */
export type EmitSchema = (
  compilation: Compilation,
  schema: SchemaNode,
  mode: Mode,
  data: string,
  path: string,
) => string;

/**
 * The state of one schema's compilation to JavaScript: fresh variable names, constants (regular
 * expressions, enum values, messages) handed to the generated code, and one named function per schema
 * that needs one (the root, each `$ref` target, and each alternative of `anyOf` / `oneOf` / `not`).
 */
export class Compilation {
  readonly refs: RefResolver;
  readonly #emit: EmitSchema;
  readonly #constants: unknown[] = [];
  readonly #functions: string[] = [];
  readonly #names = { check: new Map<SchemaNode, string>(), errors: new Map<SchemaNode, string>() };
  #counter = 0;

  constructor(root: SchemaNode, emit: EmitSchema) {
    this.refs = new RefResolver(root);
    this.#emit = emit;
  }

  /** Statements validating `data` (a variable name) against `schema`; `path` is a JS expression. */
  emit(schema: SchemaNode, mode: Mode, data: string, path: string): string {
    return this.#emit(this, schema, mode, data, path);
  }

  /** A fresh identifier: `d3`, `i4`, `k5`. */
  variable(prefix: string): string {
    this.#counter++;
    return `${prefix}${this.#counter}`;
  }

  /** A name under which the generated code can read `value`. */
  constant(value: unknown): string {
    this.#constants.push(value);
    return `K${this.#constants.length - 1}`;
  }

  /**
   * The name of a generated function validating against `schema`: `f(data)` returning a boolean in check
   * mode, `f(data, path, issues)` in errors mode. Generated once per schema and mode, so recursion works.
   */
  functionFor(schema: SchemaNode, mode: Mode): string {
    const known = this.#names[mode].get(schema);
    if (known !== undefined) return known;
    const name = this.variable(mode === 'check' ? 'check' : 'collect');
    this.#names[mode].set(schema, name);
    const body = this.emit(schema, mode, 'data', 'path');
    this.#functions.push(
      mode === 'check'
        ? `function ${name}(data) {\n${body}\nreturn true;\n}`
        : `function ${name}(data, path, issues) {\n${body}\n}`,
    );
    return name;
  }

  /**
   * The issue collector for the root schema, `f(data)` returning the issues. Its paths start as the literal
   * `""`, so the pointers it builds fold into fewer concatenations than those of a `$ref` target's function.
   */
  rootCollector(schema: SchemaNode): string {
    const name = this.variable('collectRoot');
    const body = this.emit(schema, 'errors', 'data', '""');
    this.#functions.push(`function ${name}(data) {\nconst issues = [];\n${body}\nreturn issues;\n}`);
    return name;
  }

  /** Builds the generated functions; `entry` is returned, the others are reachable from it. */
  link<T>(entry: string, helpers: Readonly<Record<string, unknown>>): T {
    const names = Object.keys(helpers);
    const constants = this.#constants.map((_, index) => `const K${index} = c[${index}];\n`).join('');
    const source = `"use strict";\n${constants}${this.#functions.join('\n')}\nreturn ${entry};`;
    const factory = new Function('c', ...names, source) as (...args: unknown[]) => T;
    return factory(this.#constants, ...names.map((name) => helpers[name]));
  }

  /** The generated source, for debugging: `compileIssueCollector(schema).source`. */
  source(): string {
    return this.#functions.join('\n');
  }
}

/** The statement run when a keyword fails. */
export function fail(mode: Mode, keyword: string, path: string, message: string): string {
  if (mode === 'check') return 'return false;';
  return `issues.push({ path: ${path}, message: ${message}, keyword: ${JSON.stringify(keyword)} });`;
}

/** `data.name` or `data["na-me"]`; own properties only for names that also live on Object.prototype. */
export function member(data: string, key: string): string {
  const text = JSON.stringify(key);
  if (key in Object.prototype) return `(Object.hasOwn(${data}, ${text}) ? ${data}[${text}] : undefined)`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${data}.${key}` : `${data}[${text}]`;
}

/**
 * The JS expression for `path` followed by the literal pointer text `suffix`, folding adjacent literals
 * (`path + "/edits/"` rather than `path + "/edits" + "/"`).
 */
export function appendPath(path: string, suffix: string): string {
  const literal = JSON.stringify(suffix);
  if (path.endsWith('"')) return `${path.slice(0, -1)}${literal.slice(1)}`;
  return `${path} + ${literal}`;
}

/** A JS string literal. */
export function text(value: string): string {
  return JSON.stringify(value);
}
