import { execFileSync, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyExamplePack, EXAMPLE_PACK, removeCopies } from './codegen-harness.js';

afterAll(removeCopies);

// The real bin in a real pseudo-terminal: util-linux `script` runs the command with its stdin, stdout
// and stderr on a new terminal and copies what it shows (both streams, in order, with CRLF endings).
const BIN = join(resolve(EXAMPLE_PACK, '../..'), 'packages/codegen/bin/wesgine-tools.js');
const hasScript = spawnSync('script', ['--version']).status === 0;

function onTerminal(cwd: string, ci: string | undefined, ...argv: string[]): string[] {
  const command = [process.execPath, BIN, ...argv].map((part) => `'${part}'`).join(' ');
  const shown = execFileSync('script', ['-qec', command, '/dev/null'], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CI: ci },
  });
  return shown.replaceAll('\r\n', '\n').trimEnd().split('\n');
}

describe.skipIf(!hasScript)(
  'gen and check on a terminal say what they do; elsewhere they print only results',
  { timeout: 120_000 },
  () => {
    it('on a terminal outside CI: one line per step on stderr, then the result', () => {
      const pack = copyExamplePack();
      expect(onTerminal(pack, undefined, 'gen', '--force')).toEqual([
        'loading 4 tool definitions…',
        'no generated file changed',
        'type-checking 4 handlers and 3 generated files…',
        '@wesgine/example-pack: up to date (.)',
      ]);
      expect(onTerminal(pack, undefined, 'check')).toEqual([
        'tool definitions and generated files unchanged since the last run',
        'no handler or generated type changed: nothing to type-check',
        '@wesgine/example-pack: generated files are current (.)',
      ]);
    });

    it('on a terminal with CI set, and through a pipe: exactly the results', () => {
      const pack = copyExamplePack();
      expect(onTerminal(pack, 'true', 'gen', '--force')).toEqual(['@wesgine/example-pack: up to date (.)']);
      const piped = spawnSync(process.execPath, [BIN, 'check'], {
        cwd: pack,
        encoding: 'utf8',
        env: { ...process.env, CI: undefined },
      });
      expect({ status: piped.status, stdout: piped.stdout, stderr: piped.stderr }).toEqual({
        status: 0,
        stdout: '@wesgine/example-pack: generated files are current (.)\n',
        stderr: '',
      });
    });
  },
);
