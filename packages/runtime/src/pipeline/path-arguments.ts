import { type PathAccess, valuesAt } from '@wesgine/schema';
import type { RegisteredTool } from '../registry/registered-tool.js';

/** One string argument the schema marks with `Path()`, at its concrete JSON pointer. */
export interface PathArgument {
  readonly pointer: string;
  readonly value: string;
  readonly access: PathAccess;
}

/** The call's path arguments, found once and shared by the cycle and governance stages. */
export function pathArguments(tool: RegisteredTool, args: unknown): PathArgument[] {
  const found: PathArgument[] = [];
  for (const marked of tool.marked) {
    if (marked.kind !== 'path') continue;
    for (const [pointer, value] of valuesAt(args, marked.pointer)) {
      if (typeof value === 'string') found.push({ pointer, value, access: marked.access });
    }
  }
  return found;
}
