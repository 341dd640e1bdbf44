import { DIALECT_NAMES, type DialectName, providerToolName } from '@wesgine/schema';

/**
 * The tools among `names` that `called` names in a provider's listing: the tools whose provider name in
 * `dialect` (in every dialect, when none is given) is `called`. A listing maps a name two ways: made
 * legal (`notes.read` -> `notes_read`), or, when that collides with another tool of the listing or is
 * too long, made legal and suffixed with a hash of the original (`notes_read_1a2b3c4d`). Both forms are
 * accepted whatever set the listing was made from, so a caller's listing and the run's tools need not be
 * the same set; a name that more than one tool could have had is ambiguous, and the caller is told.
 */
export function toolsByProviderName(
  called: string,
  names: Iterable<string>,
  dialect: DialectName | undefined,
): string[] {
  const dialects = dialect === undefined ? DIALECT_NAMES : [dialect];
  const found: string[] = [];
  for (const name of names) {
    if (name === called) continue;
    if (dialects.some((each) => providerForms(name, each).includes(called))) found.push(name);
  }
  return found;
}

/** The one or two names a listing in `dialect` may give the tool `name`. */
function providerForms(name: string, dialect: DialectName): readonly string[] {
  const plain = providerToolName(name, dialect);
  if (plain === name) return [name];
  // `plain` made legal collides with itself as another tool's name: this gives the hash-suffixed form
  // a listing uses on a collision (for a name too long to keep, it already is `plain`).
  const suffixed = providerToolName(name, dialect, [name, plain]);
  return suffixed === plain ? [plain] : [plain, suffixed];
}
