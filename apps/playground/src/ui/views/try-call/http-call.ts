/**
 * The same call as a shell command, to repeat it outside the page: `curl` with the token left as a
 * variable (the page never shows it), the page's session and the trace asked for.
 */
export function curlCommand(origin: string, tool: string, args: unknown, sessionId: string): string {
  const body = JSON.stringify({ args, sessionId, trace: true });
  return [
    `curl -sS -X POST '${origin}/tools/${encodeURIComponent(tool)}/call'`,
    `  -H "authorization: Bearer $WESGINE_TOKEN"`,
    `  -H 'content-type: application/json'`,
    `  --data-raw ${shellQuote(body)}`,
  ].join(' \\\n');
}

/** One argument for a POSIX shell: single quotes, a single quote inside written as '\''. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
