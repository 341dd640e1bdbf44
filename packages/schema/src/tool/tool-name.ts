/** The MCP rule for tool names (SEP-986): 1 to 128 of letters, digits, `.`, `_` and `-`. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;

/** Why `name` is not a valid tool name, or `undefined` when it is. */
export function toolNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string') return `the name must be a string, got ${name === null ? 'null' : typeof name}`;
  if (name.length === 0) return 'the name is empty';
  if (name.length > 128) return `the name is ${name.length} characters long; the limit is 128`;
  const bad = [...name].find((character) => !/[A-Za-z0-9._-]/.test(character));
  if (bad !== undefined) {
    return `the name '${name}' contains ${JSON.stringify(bad)}; use only letters, digits, '.', '_' and '-'`;
  }
  return undefined;
}
