import { escapePointer, plural } from './describe-value.js';
import type { ValidationIssue, ValidationResult } from './validation-issue.js';

/**
 * How deep objects and arrays may nest in a tool call's arguments, the arguments object itself being
 * level 1. Real tool arguments nest a few levels; the limit keeps every walk over them (validation,
 * canonical JSON, the audit) far from the stack's end. One constant for every reader of arguments.
 */
export const MAX_ARGUMENT_DEPTH = 64;

/** How many values (objects, arrays, strings, numbers, ...) one call's arguments may hold in all. */
export const MAX_ARGUMENT_VALUES = 1_000_000;

/** Issues reported at most for one value: enough to act on, bounded for a value built to produce many. */
const MAX_ISSUES = 10;

interface Frame {
  readonly source: object;
  readonly parent: Frame | undefined;
  readonly key: string;
  readonly depth: number;
}

interface Task {
  readonly value: unknown;
  readonly parent: Frame | undefined;
  readonly key: string;
  /** Where the copy goes: the parent's copy and its key; undefined for the root. */
  readonly target: Record<string, unknown> | unknown[] | undefined;
}

const JSON_KINDS = 'objects, arrays, strings, numbers, booleans and null';

/**
 * Reads a call's arguments once into plain JSON data: a copy made of plain objects and arrays, so what
 * was checked is what the handler gets (a getter or a Proxy is read once, here). Never throws, and never
 * recurses deeper than `MAX_ARGUMENT_DEPTH` (the walk that names problems uses its own stack): a value
 * nested deeper than that, one that contains itself, one too large, a
 * value JSON cannot carry (a bigint, a function, a `Map`, an array hole), a key `__proto__`, or a getter
 * or Proxy trap that throws is an issue with its JSON pointer. `undefined` object members are left out,
 * as `JSON.stringify` does.
 */
export function readArguments(value: unknown): ValidationResult<unknown> {
  const fast = fastCopy(value);
  if (fast !== BAIL) return { ok: true, value: fast };
  const issues: ValidationIssue[] = [];
  let count = 0;
  let root: unknown;
  const stack: Task[] = [{ value, parent: undefined, key: '', target: undefined }];
  const report = (task: Task, keyword: string, message: string, member?: string) => {
    const path = pointer(task.parent, task.key);
    issues.push({ path: member === undefined ? path : `${path}/${escapePointer(member)}`, message, keyword });
  };
  while (stack.length > 0 && issues.length < MAX_ISSUES) {
    const task = stack.pop() as Task;
    count++;
    if (count > MAX_ARGUMENT_VALUES) {
      issues.push({ path: '', message: tooMany(), keyword: 'maxValues' });
      break;
    }
    const copied = copyValue(task, (keyword, message, member) => report(task, keyword, message, member));
    if (copied === SKIP) continue;
    const { copy, children } = copied;
    if (task.target === undefined) root = copy;
    else if (Array.isArray(task.target)) task.target.push(copy);
    else task.target[task.key] = copy;
    if (children === undefined) continue;
    if (count + children.length > MAX_ARGUMENT_VALUES) {
      issues.push({ path: '', message: tooMany(), keyword: 'maxValues' });
      break;
    }
    // Reversed onto the stack, so array items arrive (and are pushed onto the copy) in order.
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index] as Task);
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: root };
}

const SKIP = Symbol('skip');

/**
 * The common case, fast: a recursive copy whose recursion is bounded by `MAX_ARGUMENT_DEPTH` (so it can
 * never reach the stack's end), without the walk's bookkeeping. On anything the walk would report (too
 * deep, which a cycle also is; too many values; a value JSON cannot carry; a `__proto__` key; a throw) it
 * gives up, and the walk finds and names the problem. When it succeeds, every getter was read once.
 */
function fastCopy(value: unknown): unknown {
  const budget = { left: MAX_ARGUMENT_VALUES };
  try {
    return copyFast(value, 0, budget);
  } catch {
    return BAIL;
  }
}

const BAIL = Symbol('bail');

function copyFast(value: unknown, depth: number, budget: { left: number }): unknown {
  if (--budget.left < 0) return BAIL;
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean' || value === null) return value;
  if (type !== 'object' || depth === MAX_ARGUMENT_DEPTH) return BAIL;
  if (Array.isArray(value)) {
    const { length } = value;
    if (length > budget.left) return BAIL;
    const copy: unknown[] = new Array(length);
    for (let index = 0; index < length; index++) {
      if (!(index in value)) return BAIL;
      const item = copyFast(value[index], depth + 1, budget);
      if (item === BAIL || item === undefined) return BAIL;
      copy[index] = item;
    }
    return copy;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return BAIL;
  // Spread reads each own enumerable member once (getters and Proxy traps included) into a plain object,
  // the fastest copy V8 makes; nested values are then replaced by their own copies.
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key in copy) {
    // An inherited key means a polluted Object.prototype: the walk, which reads own keys only, decides.
    if (key === '__proto__' || !Object.hasOwn(copy, key)) return BAIL;
    const member = copy[key];
    if (member === undefined) {
      delete copy[key];
      continue;
    }
    if (typeof member === 'object' && member !== null) {
      const copied = copyFast(member, depth + 1, budget);
      if (copied === BAIL) return BAIL;
      copy[key] = copied;
    } else if (copyFast(member, depth + 1, budget) === BAIL) return BAIL;
  }
  return copy;
}

type Report = (keyword: string, message: string, member?: string) => void;

type Copied = typeof SKIP | { readonly copy: unknown; readonly children?: Task[] };

function copyValue(task: Task, report: Report): Copied {
  const { value } = task;
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return { copy: value };
    case 'undefined':
      // No arguments at all: the schema says what it expected. (Undefined members are left out earlier.)
      if (task.parent === undefined) return { copy: undefined };
      report('json', `is undefined; an array item must be a JSON value (${JSON_KINDS})`);
      return SKIP;
    case 'bigint':
      report('json', 'is a bigint, which JSON cannot carry; send it as a number or a string of digits');
      return SKIP;
    case 'function':
    case 'symbol':
      report('json', `is a ${typeof value}, not a JSON value (${JSON_KINDS})`);
      return SKIP;
  }
  if (value === null) return { copy: null };
  const object = value as object;
  const depth = (task.parent?.depth ?? 0) + 1;
  if (depth > MAX_ARGUMENT_DEPTH) {
    report(
      'maxDepth',
      `is nested more than ${MAX_ARGUMENT_DEPTH} levels deep; arguments may nest objects and arrays at most ${MAX_ARGUMENT_DEPTH} levels`,
    );
    return SKIP;
  }
  for (let frame = task.parent; frame !== undefined; frame = frame.parent) {
    if (frame.source === object) {
      report(
        'json',
        `contains itself (the value at ${pointer(frame.parent, frame.key) || 'the root'}); JSON has no cycles`,
      );
      return SKIP;
    }
  }
  const frame: Frame = { source: object, parent: task.parent, key: task.key, depth };
  try {
    if (Array.isArray(object)) return copyArray(object, frame, report);
    const kind = objectKind(object);
    if (kind !== undefined) {
      report('json', `is ${kind}, not plain JSON data (${JSON_KINDS})`);
      return SKIP;
    }
    return copyObject(object as Record<string, unknown>, frame, report);
  } catch (thrown) {
    report('json', `could not be read: ${thrownText(thrown)}`);
    return SKIP;
  }
}

function copyArray(array: readonly unknown[], frame: Frame, report: Report) {
  const { length } = array;
  if (length > MAX_ARGUMENT_VALUES) {
    report('maxValues', `is an array of ${length} items; ${tooMany()}`);
    return SKIP;
  }
  const copy: unknown[] = [];
  const children: Task[] = [];
  for (let index = 0; index < length; index++) {
    if (!(index in array)) {
      report('json', `has a hole at index ${index}; an array item must be a JSON value (${JSON_KINDS})`);
      return SKIP;
    }
    children.push({ value: array[index], parent: frame, key: String(index), target: copy });
  }
  return { copy, children };
}

function copyObject(object: Record<string, unknown>, frame: Frame, report: Report): Copied {
  const keys = Object.keys(object);
  if (keys.length > MAX_ARGUMENT_VALUES) {
    report('maxValues', `is an object of ${keys.length} keys; ${tooMany()}`);
    return SKIP;
  }
  const copy: Record<string, unknown> = {};
  const children: Task[] = [];
  for (const key of keys) {
    if (key === '__proto__') {
      report('json', 'has the key "__proto__", which is not allowed in arguments (it names an object\'s prototype)');
      return SKIP;
    }
    let member: unknown;
    try {
      member = object[key];
    } catch (thrown) {
      report('json', `could not be read: ${thrownText(thrown)}`, key);
      return SKIP;
    }
    if (member === undefined) continue;
    children.push({ value: member, parent: frame, key, target: copy });
  }
  return { copy, children };
}

/** `a Map`, `a Date`, ...: what a non-plain object is; undefined for a plain one (or one without a prototype). */
function objectKind(object: object): string | undefined {
  const prototype = Object.getPrototypeOf(object) as object | null;
  if (prototype === null || prototype === Object.prototype) return undefined;
  const name = (prototype as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && /^[A-Za-z_$][\w$]*$/.test(name) ? `a ${name} object` : 'an object of a class';
}

function pointer(frame: Frame | undefined, key: string): string {
  if (frame === undefined) return '';
  const segments = [escapePointer(key)];
  for (let at: Frame | undefined = frame; at?.parent !== undefined; at = at.parent) {
    segments.push(escapePointer(at.key));
  }
  return `/${segments.reverse().join('/')}`;
}

function tooMany(): string {
  return `arguments may hold at most ${plural(MAX_ARGUMENT_VALUES, 'value')} in all`;
}

function thrownText(thrown: unknown): string {
  try {
    const text = thrown instanceof Error ? thrown.message : String(thrown);
    return text.length > 200 ? `${text.slice(0, 200)}…` : text || 'no message';
  } catch {
    return 'it threw a value that cannot be shown';
  }
}
