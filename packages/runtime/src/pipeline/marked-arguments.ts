import { type PathAccess, valuesAt } from '@wesgine/schema';
import { parseRecipient } from '../governance/recipient-address.js';
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

/** One string argument marked with `Recipient()`, read as one address. */
export interface RecipientArgument extends MarkedArgument {
  /** `local@domain`, the domain lower-cased: what the Sandbox and the Zone judge. */
  readonly address: string;
}

/** A `Recipient()` argument that is not one mail address: the call is refused before governance. */
export interface BadRecipient extends MarkedArgument {
  /** Why, without a final period. */
  readonly problem: string;
}

/** What governance judges in a call: its path, command, URL and recipient arguments. */
export interface MarkedArguments {
  readonly paths: readonly PathArgument[];
  readonly commands: readonly MarkedArgument[];
  readonly urls: readonly MarkedArgument[];
  readonly recipients: readonly RecipientArgument[];
  /** The first `Recipient()` value that is no address, if any. */
  readonly badRecipient?: BadRecipient;
}

const NONE: MarkedArguments = Object.freeze({ paths: [], commands: [], urls: [], recipients: [] });

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
  const recipients: RecipientArgument[] = [];
  let badRecipient: BadRecipient | undefined;
  for (const marked of tool.marked) {
    for (const [pointer, value] of valuesAt(args, marked.pointer)) {
      if (typeof value !== 'string') continue;
      if (marked.kind === 'path') paths.push({ pointer, value, access: marked.access });
      else if (marked.kind === 'recipient') {
        const parsed = parseRecipient(value);
        if (typeof parsed !== 'string') recipients.push({ pointer, value, address: parsed.address });
        else badRecipient ??= { pointer, value, problem: parsed };
      } else (marked.kind === 'command' ? commands : urls).push({ pointer, value });
    }
  }
  return badRecipient === undefined
    ? { paths, commands, urls, recipients }
    : { paths, commands, urls, recipients, badRecipient };
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
