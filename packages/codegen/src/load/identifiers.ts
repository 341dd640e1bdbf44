import { compareText } from '../compare-text.js';

/** The TypeScript names codegen derives from one tool name. */
export interface ToolIdentifiers {
  /** `notes.search` -> `NotesSearch`: the stem of `NotesSearchArgs` and `NotesSearchResult`. */
  readonly pascal: string;
  /** `notes.search` -> `notesSearch`: the handler's exported name. */
  readonly camel: string;
  /** `notes.search` -> `notesSearchTool`: the name the generated files import the definition under. */
  readonly definition: string;
}

const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'as implements interface let package private protected public static yield await async of type'
  ).split(' '),
);

/**
 * Identifiers for a tool name (letters, digits, `.`, `_`, `-`): the separators split words, each word
 * keeps its own casing with the first letter raised. A leading digit gets a `Tool` prefix; a camel name
 * that is a reserved word gets a trailing `_`.
 */
export function toolIdentifiers(name: string): ToolIdentifiers {
  const words = name.split(/[._-]+/).filter((word) => word !== '');
  let pascal = words.map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`).join('');
  if (pascal === '' || /^\d/.test(pascal)) pascal = `Tool${pascal}`;
  const lowered = `${pascal.charAt(0).toLowerCase()}${pascal.slice(1)}`;
  const camel = RESERVED.has(lowered) ? `${lowered}_` : lowered;
  return { pascal, camel, definition: `${lowered}Tool` };
}

/** Names the generated modules declare themselves; a tool whose identifiers equal one cannot be used. */
export const GENERATED_NAMES: ReadonlySet<string> = new Set([
  'pack',
  'tools',
  'handlers',
  'categories',
  'progressAware',
  'ToolHandlers',
  'ToolCategory',
  'Static',
  'Equal',
  'Assert',
  'TypesMatchSchemas',
]);

/** Every identifier codegen declares for one tool, across the generated files and its handler. */
function declaredNames(name: string): string[] {
  const { pascal, camel, definition } = toolIdentifiers(name);
  return [camel, definition, `${pascal}Args`, `${pascal}Result`];
}

/**
 * Groups of tool names whose identifiers clash: the same names (`a_b` and `a-b` both give `AB`), or one
 * tool's handler name equal to another's definition name (`notes.tool` and `notes` both use
 * `notesTool`). Each group sorted, groups sorted by their first name.
 */
export function identifierCollisions(names: readonly string[]): IdentifierCollision[] {
  const owners = new Map<string, Set<string>>();
  for (const name of names) {
    for (const identifier of declaredNames(name))
      owners.set(identifier, (owners.get(identifier) ?? new Set()).add(name));
  }
  const groups = new Map<string, IdentifierCollision>();
  for (const [identifier, group] of owners) {
    if (group.size < 2) continue;
    const sorted = [...group].sort(compareText);
    const key = sorted.join('\u0000');
    if (groups.has(key)) continue;
    // Names that map alike clash on every identifier: say their common stem rather than the first one hit.
    const stems = new Set(sorted.map((name) => toolIdentifiers(name).pascal));
    groups.set(key, { names: sorted, identifier: stems.size === 1 ? ([...stems][0] ?? identifier) : identifier });
  }
  return [...groups.values()].sort((a, b) => compareText(a.names[0] ?? '', b.names[0] ?? ''));
}

export interface IdentifierCollision {
  /** The clashing tool names, sorted. */
  readonly names: readonly string[];
  /** The TypeScript name they share (the common stem when their names map alike). */
  readonly identifier: string;
}

/** The generated name a tool's identifiers would shadow (`pack`, `tools`, ...), if any. */
export function generatedNameClash(name: string): string | undefined {
  return declaredNames(name).find((identifier) => GENERATED_NAMES.has(identifier));
}
