import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

describe('the MCP SDK is loaded on first use only', () => {
  it('is imported by the client only as types or with a dynamic import', () => {
    const eager = readdirSync(here)
      .filter((file) => file.endsWith('.ts') && !file.includes('.test.'))
      .flatMap((file) =>
        readFileSync(join(here, file), 'utf8')
          .split('\n')
          .filter((line) => /^import (?!type ).*@modelcontextprotocol/.test(line))
          .map((line) => `${file}: ${line}`),
      );
    expect(eager).toEqual([]);
  });

  it('is not in the module graph after importing the runtime', () => {
    // A child with a loader hook that records every module it resolves.
    const script = [
      "import { register } from 'node:module';",
      'const seen = [];',
      "register('data:text/javascript,' + encodeURIComponent(`export async function resolve(s, c, next) { const r = await next(s, c); if (r.url.includes('@modelcontextprotocol')) process.stdout.write('SDK ' + r.url + '\\\\n'); return r; }`));",
      `await import(${JSON.stringify(join(here, '../../index.ts'))});`,
      "process.stdout.write('loaded\\n');",
    ].join('\n');
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--conditions=@wesgine/source', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
        cwd: join(here, '../../..'),
      },
    );
    expect(output.trim().split('\n')).toEqual(['loaded']);
  }, 30_000);
});
