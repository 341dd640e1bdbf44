import { describe, expect, it } from 'vitest';
import { curlCommand, shellQuote } from './http-call.js';

describe('curlCommand', () => {
  it('writes the call with the token as a variable, the session and the trace', () => {
    expect(curlCommand('http://127.0.0.1:4100', 'read', { path: 'README.md' }, 'page-1')).toBe(
      [
        "curl -sS -X POST 'http://127.0.0.1:4100/tools/read/call' \\",
        '  -H "authorization: Bearer $WESGINE_TOKEN" \\',
        "  -H 'content-type: application/json' \\",
        `  --data-raw '{"args":{"path":"README.md"},"sessionId":"page-1","trace":true}'`,
      ].join('\n'),
    );
  });

  it('quotes any text so a shell takes it literally: a single quote ends, is escaped, and opens again', () => {
    expect(shellQuote(`it's "$HOME" \`id\``)).toBe(`'it'\\''s "$HOME" \`id\`'`);
    expect(shellQuote('')).toBe("''");
  });
});
