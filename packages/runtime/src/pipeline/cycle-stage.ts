import { resolve } from 'node:path';
import type { ToolCategory } from '@wesgine/schema';
import type { CycleCall } from '../cycle/cycle-detector.js';
import type { RegisteredTool } from '../registry/registered-tool.js';
import type { CallScope } from './call-scope.js';
import type { Governed } from './govern-stage.js';
import type { MarkedArguments } from './marked-arguments.js';

/**
 * Step 5: the call as the CycleDetector sees it, keyed on canonical targets rather than on the text.
 * It comes after governance's judgement (so a path argument is its real path: `./x`, `sub/../x`, `x/`
 * and `/work/x` are one call; a command line is its parsed form: `touch  't'` is `touch t`) and before
 * any question to the human and the handler (a blocked call neither asks nor runs). A call governance
 * refused has no real paths: its paths are resolved lexically against the work folder instead, so a
 * refused call repeated is still seen as a repeat. Targets: the real paths judged (path arguments, a
 * command's redirection targets and `cd` folders) and URL arguments as given.
 */
export function cycleCall(
  scope: CallScope,
  tool: RegisteredTool,
  args: unknown,
  marked: MarkedArguments,
  category: ToolCategory,
  governed: Governed | undefined,
): CycleCall {
  const { workDir } = scope.roots;
  const paths: string[] = [];
  let canonical: ReadonlyMap<string, string>;
  if (governed === undefined) {
    const lexical = new Map<string, string>();
    for (const path of marked.paths) {
      const resolved = resolve(workDir, path.value);
      paths.push(resolved);
      lexical.set(path.pointer, resolved);
    }
    canonical = lexical;
  } else {
    for (const form of governed.judged) if (form.startsWith('path:')) paths.push(form.slice(5));
    canonical = governed.canonical;
  }
  const targets =
    paths.length === 0 && marked.urls.length === 0 ? [] : [...new Set(paths), ...marked.urls.map((url) => url.value)];
  const { displayOnly } = tool.definition.meta;
  return {
    tool: tool.definition.name,
    args: canonical.size === 0 ? args : withCanonicalValues(args, canonical),
    category,
    progressAware: scope.progressAwareOf(tool),
    ...(targets.length === 0 ? {} : { targets }),
    ...(displayOnly === undefined ? {} : { displayOnly }),
  };
}

/** `args` with the value at each JSON pointer replaced; only the objects on the way are copied. */
function withCanonicalValues(args: unknown, canonical: ReadonlyMap<string, string>): unknown {
  let result = args;
  for (const [pointer, value] of canonical) {
    if (!pointer.startsWith('/')) continue;
    const segments = pointer
      .slice(1)
      .split('/')
      .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
    result = replaceAt(result, segments, 0, value);
  }
  return result;
}

function replaceAt(node: unknown, segments: readonly string[], index: number, value: string): unknown {
  if (index === segments.length) return value;
  if (typeof node !== 'object' || node === null) return node;
  const key = segments[index] as string;
  if (Array.isArray(node)) {
    const position = Number(key);
    if (!Number.isInteger(position) || position < 0 || position >= node.length) return node;
    const copy = [...node];
    copy[position] = replaceAt(node[position], segments, index + 1, value);
    return copy;
  }
  const record = node as Record<string, unknown>;
  if (!Object.hasOwn(record, key)) return node;
  return { ...record, [key]: replaceAt(record[key], segments, index + 1, value) };
}
