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

/** Groups of tool names that map to the same identifiers (`a_b` and `a-b` both give `AB`), sorted. */
export function identifierCollisions(names: readonly string[]): string[][] {
  const byPascal = new Map<string, string[]>();
  for (const name of names) {
    const { pascal } = toolIdentifiers(name);
    byPascal.set(pascal, [...(byPascal.get(pascal) ?? []), name]);
  }
  return [...byPascal.values()]
    .filter((group) => group.length > 1)
    .map((group) => [...group].sort(compareText))
    .sort((a, b) => compareText(a[0] ?? '', b[0] ?? ''));
}

/** Code-unit order: the same on every machine and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
