import { COMMAND_KEYWORD, PATH_KEYWORD, type PathAccess, RECIPIENT_KEYWORD, URL_KEYWORD } from './keywords.js';

export type MarkedParameter =
  | { readonly kind: 'path'; readonly pointer: string; readonly access: PathAccess }
  | { readonly kind: 'command'; readonly pointer: string }
  | { readonly kind: 'url'; readonly pointer: string }
  | { readonly kind: 'recipient'; readonly pointer: string };

/**
 * Every parameter marked with `Path()`, `Command()`, `Url()` or `Recipient()`, as a JSON pointer into the arguments.
 * `*` stands for any array index or map key: `/edits/*\/path`. Sorted by pointer, then kind.
 */
export function findMarkedParameters(schema: unknown): MarkedParameter[] {
  const found: MarkedParameter[] = [];
  walk(schema, '', found, new Set());
  return found.sort((a, b) =>
    a.pointer === b.pointer ? a.kind.localeCompare(b.kind) : a.pointer < b.pointer ? -1 : 1,
  );
}

function walk(node: unknown, pointer: string, found: MarkedParameter[], seen: Set<unknown>): void {
  // `seen` holds the ancestors only (a cycle stops), not every node visited: one schema object used in
  // several places (`to` and `cc` sharing a `Recipient()`) must be found at each, or it goes ungoverned.
  if (typeof node !== 'object' || node === null || seen.has(node)) return;
  seen.add(node);
  try {
    walkChildren(node, pointer, found, seen);
  } finally {
    seen.delete(node);
  }
}

function walkChildren(node: object, pointer: string, found: MarkedParameter[], seen: Set<unknown>): void {
  const schema = node as Record<string, unknown>;
  const access = schema[PATH_KEYWORD];
  if (access === 'read' || access === 'write') found.push({ kind: 'path', pointer, access });
  if (schema[COMMAND_KEYWORD] === true) found.push({ kind: 'command', pointer });
  if (schema[URL_KEYWORD] === true) found.push({ kind: 'url', pointer });
  if (schema[RECIPIENT_KEYWORD] === true) found.push({ kind: 'recipient', pointer });

  const properties = schema.properties;
  if (typeof properties === 'object' && properties !== null) {
    for (const [key, child] of Object.entries(properties)) walk(child, `${pointer}/${escapePointer(key)}`, found, seen);
  }
  for (const key of ['items', 'additionalProperties', 'patternProperties'] as const) {
    const child = schema[key];
    if (key === 'patternProperties' && typeof child === 'object' && child !== null) {
      for (const value of Object.values(child)) walk(value, `${pointer}/*`, found, seen);
    } else if (Array.isArray(child)) {
      for (const value of child) walk(value, `${pointer}/*`, found, seen);
    } else {
      walk(child, `${pointer}/*`, found, seen);
    }
  }
  const prefixItems = schema.prefixItems;
  if (Array.isArray(prefixItems)) {
    for (const [index, child] of prefixItems.entries()) walk(child, `${pointer}/${index}`, found, seen);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) for (const branch of branches) walk(branch, pointer, found, seen);
  }
}

function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}
