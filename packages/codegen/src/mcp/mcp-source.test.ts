import { describe, expect, it } from 'vitest';
import { commandLine, expandHeaders } from './mcp-source.js';

describe('how a server is reached', () => {
  it('reads each $NAME reference of a header from the environment, and names the one that is not set', () => {
    const headers = { Authorization: `Bearer \${TOKEN}`, 'X-Team': `\${TEAM}-\${TEAM}`, Plain: 'as is' };
    expect(expandHeaders(headers, { TOKEN: 't0k', TEAM: 'a' })).toEqual({
      Authorization: 'Bearer t0k',
      'X-Team': 'a-a',
      Plain: 'as is',
    });
    expect(expandHeaders(headers, { TEAM: 'a' })).toBe(
      'the header Authorization uses the environment variable TOKEN, which is not set',
    );
  });

  it('shows a command line a shell would run as it was given', () => {
    expect(commandLine('npx', ['-y', 'server', 'my folder', "it's", '--root=/a'])).toBe(
      `npx -y server 'my folder' 'it'\\''s' --root=/a`,
    );
  });
});
