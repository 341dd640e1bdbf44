import { type PathAccess, valuesAt } from '@wesgine/schema';
import type { RegisteredTool } from '../registry/registered-tool.js';

/** One string argument the schema marks with `Path()`, at its concrete JSON pointer. */
export interface PathArgument {
  readonly pointer: string;
  readonly value: string;
  readonly access: PathAccess;
}

/** One string argument marked with `Command()` or `Url()`. */
export interface MarkedArgument {
  readonly pointer: string;
  readonly value: string;
}

/** What governance judges in a call: its path, command and URL arguments. */
export interface MarkedArguments {
  readonly paths: readonly PathArgument[];
  readonly commands: readonly MarkedArgument[];
  readonly urls: readonly MarkedArgument[];
}

const NONE: MarkedArguments = Object.freeze({ paths: [], commands: [], urls: [] });

/**
 * The call's marked arguments, found once and shared by the cycle and governance stages. Paths the tool
 * names through `pathsOf` (a patch's files) join them under the pointer `@` + their text.
 */
export function markedArguments(tool: RegisteredTool, args: unknown): MarkedArguments {
  const named = namedPaths(tool, args);
  if (tool.marked.length === 0 && named.length === 0) return NONE;
  const paths: PathArgument[] = [...named];
  const commands: MarkedArgument[] = [];
  const urls: MarkedArgument[] = [];
  for (const marked of tool.marked) {
    for (const [pointer, value] of valuesAt(args, marked.pointer)) {
      if (typeof value !== 'string') continue;
      if (marked.kind === 'path') paths.push({ pointer, value, access: marked.access });
      else (marked.kind === 'command' ? commands : urls).push({ pointer, value });
    }
  }
  return { paths, commands, urls };
}

function namedPaths(tool: RegisteredTool, args: unknown): PathArgument[] {
  const { definition } = tool;
  if (definition.pathsOf === undefined) return [];
  let named: readonly { readonly path: string; readonly access: PathAccess }[];
  try {
    named = definition.pathsOf(args as never);
  } catch {
    // The handler reads the same text and refuses it with its own message.
    return [];
  }
  return named.map(({ path, access }) => ({ pointer: `@${path}`, value: path, access }));
}
