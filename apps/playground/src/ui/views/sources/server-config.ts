/** What the page lets through as a server's name: the MCP client's own rule, checked before asking. */
const NAME = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The body of `PUT /sources/mcp/:name` the form's fields make (arguments one per line, blank lines
 * dropped), or the sentence saying what to fix. The server checks the config again with the MCP
 * client's checker; this only saves a round trip for the mistakes a person makes most.
 */
export function serverConfig(fields: {
  readonly name: string;
  readonly transport: 'stdio' | 'http';
  readonly command: string;
  readonly args: string;
  readonly url: string;
}): { readonly name: string; readonly body: Record<string, unknown> } | { readonly problem: string } {
  const name = fields.name.trim();
  if (name === '') return { problem: 'Give the server a name: it becomes its source, mcp:<name>.' };
  if (!NAME.test(name)) {
    return { problem: `A server's name is 1 to 64 letters, digits, '_', '-' or '.'; "${name}" is not.` };
  }
  if (fields.transport === 'stdio') {
    const command = fields.command.trim();
    if (command === '') return { problem: 'Give the program to start, such as node or npx.' };
    const args = fields.args
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    return { name, body: { transport: 'stdio', command, ...(args.length === 0 ? {} : { args }) } };
  }
  const url = fields.url.trim();
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { problem: `Give the server's address as a full URL, such as http://127.0.0.1:3001/mcp.` };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return { problem: `An MCP server's URL starts with http: or https:, not ${parsed.protocol}` };
  }
  return { name, body: { transport: 'http', url } };
}
