import { ToolDefinitionError } from '../errors/tool-definition-error.js';
import { showPointer, valueAtPointer } from './json-pointer.js';
import type { LossLog } from './loss-report.js';
import { JSON_TYPES } from './schema-keywords.js';
import { forEachSubschema, isRecord, mapSubschemas, type SchemaNode, typesOf } from './schema-node.js';

/**
 * What to do with a recursive schema: `hoist` it to the root's `$defs` and point at it with
 * `#/$defs/<name>` (or `#` for the root), or `cut` it: expand it once and send the next level down as a
 * bare type, for dialects that cannot express recursion at all.
 */
export type RecursionMode = 'hoist' | 'cut';

export interface ResolveRefsOptions {
  readonly tool: string;
  readonly recursion: RecursionMode;
  readonly log: LossLog;
  /** Said in the loss entry of a cut recursion: what to use instead. */
  readonly cutAdvice?: string;
  readonly schema?: 'result';
}

/**
 * Puts every `$ref` into one canonical form. TypeBox refers by `$id` (`Type.Recursive` makes `T0`,
 * `Type.Module` names its definitions); JSON Schema authors refer by pointer (`#/$defs/x`). Refs to
 * schemas that are not recursive are inlined; recursive ones are hoisted or cut (see `RecursionMode`).
 * `$id`, `$defs` and `definitions` disappear from the output except the root's hoisted `$defs`.
 * Throws `ToolDefinitionError` for a `$ref` that does not resolve inside `root`, and for a `type` that
 * is not a JSON type (TypeBox's `Date`, `Uint8Array`, ...): arguments arrive as JSON.
 */
export function resolveRefs(root: SchemaNode, options: ResolveRefsOptions): SchemaNode {
  const ids = new Map<string, SchemaNode>();
  const pointers = new Map<SchemaNode, string>();
  const index = (node: unknown, pointer: string): void => {
    if (!isRecord(node) || pointers.has(node)) return;
    pointers.set(node, pointer);
    if (typeof node.$id === 'string' && !ids.has(node.$id)) ids.set(node.$id, node);
    const foreign = typesOf(node).find((type) => !JSON_TYPES.has(type));
    if (foreign !== undefined) {
      throw new ToolDefinitionError(
        options.tool,
        `the schema at ${showPointer(pointer)} has type '${foreign}', which is not a JSON type; tool arguments and results travel as JSON`,
      );
    }
    forEachSubschema(node, pointer, index);
  };
  index(root, '');

  const resolve = (ref: string, at: string): SchemaNode => {
    const found = ref === '#' ? root : ref.startsWith('#/') ? valueAtPointer(root, ref.slice(1)) : ids.get(ref);
    if (isRecord(found)) return found;
    throw new ToolDefinitionError(
      options.tool,
      `the $ref '${ref}' at ${showPointer(at)} does not resolve inside the schema; define its target in the same schema (Type.Module or Type.Recursive) so it can be exported`,
    );
  };

  const edges = new Map<SchemaNode, Set<SchemaNode>>();
  const edgesOf = (target: SchemaNode): Set<SchemaNode> => {
    let found = edges.get(target);
    if (found !== undefined) return found;
    const collected = new Set<SchemaNode>();
    const collect = (node: unknown, pointer: string): void => {
      if (!isRecord(node)) return;
      if (typeof node.$ref === 'string') collected.add(resolve(node.$ref, pointer));
      forEachSubschema(node, pointer, collect);
    };
    collect(target, pointers.get(target) ?? '');
    found = collected;
    edges.set(target, found);
    return found;
  };
  const recursive = new Map<SchemaNode, boolean>();
  const isRecursive = (target: SchemaNode): boolean => {
    const known = recursive.get(target);
    if (known !== undefined) return known;
    const seen = new Set<SchemaNode>();
    const pending = [...edgesOf(target)];
    let answer = false;
    while (pending.length > 0 && !answer) {
      const next = pending.pop() as SchemaNode;
      if (next === target) answer = true;
      else if (!seen.has(next)) {
        seen.add(next);
        pending.push(...edgesOf(next));
      }
    }
    recursive.set(target, answer);
    return answer;
  };

  const names = new Map<SchemaNode, string>();
  const queue: SchemaNode[] = [];
  const refTo = (target: SchemaNode): string => {
    if (target === root) return '#';
    let name = names.get(target);
    if (name === undefined) {
      name = uniqueName(definitionName(target, pointers.get(target) ?? ''), new Set(names.values()));
      names.set(target, name);
      queue.push(target);
    }
    return `#/$defs/${name}`;
  };
  const note = (pointer: string, keyword: string, action: 'dropped' | 'rewritten', detail: string, lossy: boolean) =>
    options.log.add({
      pointer,
      keyword,
      action,
      detail,
      lossy,
      ...(options.schema === undefined ? {} : { schema: options.schema }),
    });

  const emit = (
    node: unknown,
    pointer: string,
    expanding: ReadonlyMap<SchemaNode, string>,
    self?: unknown,
  ): unknown => {
    if (!isRecord(node)) return node;
    if (typeof node.$ref === 'string') {
      const { $ref, ...siblings } = node;
      const target = resolve($ref, pointer);
      const extra = emitPlain(siblings, pointer, expanding);
      if (!isRecursive(target)) {
        note(pointer, '$ref', 'rewritten', `inlined ${shownRef($ref)}`, false);
        return { ...(emit(target, pointer, expanding, target) as SchemaNode), ...extra };
      }
      if (options.recursion === 'hoist') {
        const ref = refTo(target);
        if (ref !== $ref)
          note(pointer, '$ref', 'rewritten', `recursive reference to ${shownRef($ref)} sent as '${ref}'`, false);
        return { $ref: ref, ...extra };
      }
      const outer = expanding.get(target);
      if (outer !== undefined) return { ...cut(target, outer, pointer), ...extra };
      const inner = new Map(expanding).set(target, pointer);
      return { ...(emit(target, pointer, inner, target) as SchemaNode), ...extra };
    }
    if (node !== self && node !== root && typeof node.$id === 'string' && isRecursive(node)) {
      if (options.recursion === 'hoist') {
        const ref = refTo(node);
        note(pointer, '$id', 'rewritten', `recursive ${shownRef(node.$id)} moved to '${ref}'`, false);
        return { $ref: ref };
      }
      return emitPlain(node, pointer, new Map(expanding).set(node, pointer));
    }
    return emitPlain(node, pointer, expanding);
  };
  const emitPlain = (node: SchemaNode, pointer: string, expanding: ReadonlyMap<SchemaNode, string>): SchemaNode => {
    const { $id: _id, $defs: _defs, definitions: _definitions, ...rest } = node;
    return mapSubschemas(rest, pointer, (child, at) => emit(child, at, expanding));
  };
  const cut = (target: SchemaNode, outer: string, pointer: string): SchemaNode => {
    const type = typeof target.type === 'string' ? target.type : undefined;
    const description = typeof target.description === 'string' ? `${target.description} ` : '';
    const advice = options.cutAdvice === undefined ? '' : `; ${options.cutAdvice}`;
    note(
      pointer,
      '$ref',
      'dropped',
      `recursion cut: this level is sent as ${type === undefined ? 'an untyped schema' : `a bare ${type}`}${advice}`,
      true,
    );
    return {
      ...(type === undefined ? {} : { type }),
      description: `${description}(same shape as ${showPointer(outer)}; not expanded further)`,
    };
  };

  const rootExpanding = new Map<SchemaNode, string>();
  if (options.recursion === 'cut' && isRecursive(root)) rootExpanding.set(root, '');
  const output = emit(root, '', rootExpanding, root) as SchemaNode;
  const definitions: SchemaNode = {};
  for (let position = 0; position < queue.length; position += 1) {
    const target = queue[position] as SchemaNode;
    const name = names.get(target) as string;
    definitions[name] = emit(target, `/$defs/${name}`, new Map(), target);
  }
  return queue.length === 0 ? output : { ...output, $defs: definitions };
}

/** How a ref or id reads in a loss entry; `Type.Recursive`'s made-up ids mean nothing to the author. */
function shownRef(ref: string): string {
  return /^T\d+$/.test(ref) ? 'schema (Type.Recursive)' : `definition '${ref}'`;
}

function definitionName(target: SchemaNode, pointer: string): string {
  const id = target.$id;
  if (typeof id === 'string' && !/^T\d+$/.test(id)) return sanitize(id);
  const tokens = pointer.split('/').map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
  for (let position = tokens.length - 1; position > 0; position -= 1) {
    const parent = tokens[position - 1];
    if (parent === 'properties' || parent === '$defs' || parent === 'definitions') {
      return sanitize(tokens[position] as string);
    }
  }
  return 'Node';
}

function sanitize(name: string): string {
  const clean = name.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z_]/.test(clean) ? clean : `_${clean}`;
}

function uniqueName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}_${suffix}`)) suffix += 1;
  return `${base}_${suffix}`;
}
