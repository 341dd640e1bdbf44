import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeCommand } from './analyze-command.js';

// The parser against bash itself (threat list row 29): bash runs each line with no PATH, so every command
// is "not found" and a handler prints its words. The analysis must list exactly the same commands.
// Command names start with `x` so that no builtin runs.

const HANDLER = `command_not_found_handle() { printf '%s\\0' "$@"; printf '\\1'; }\n`;

function bashArgvs(text: string): string[][] {
  const output = execFileSync('/bin/bash', ['-c', HANDLER + text], {
    env: { PATH: '/nonexistent' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return output
    .split('\x01')
    .filter((record) => record !== '')
    .map((record) => record.split('\0').slice(0, -1));
}

const LINES = [
  'xa b c',
  'xa "b c" d',
  `xa 'b'"c"d`,
  'xa \\ b',
  'xa a\\\nb',
  'x\\\na b',
  'xa;xb',
  'xa#b',
  'xa #b',
  'xa "#"b',
  'xa ;# comment\nxb',
  'xa # c \\\nxb',
  'x\\\n# c \\\ny',
  'xa\t b',
  'xa {a,b}',
  'xa {a,{b,c}d}e',
  'xa {a} {} x{,}y',
  'xa {a,b}} {{a,b}',
  'xa "{a,b}" \\{a,b} {a\\,b} {a,b\\}',
  `xa {'a',b} a{b,c`,
  'xa {a,b}{c,d}',
  'xa a={x,y} -- -{a,b}',
  "xa $'\\x41\\101\\n' $'\\q' $'\\x' $'\\0101' $'a\\tb' $'it\\'s'",
  'xa "\\$x" "\\a\\$\\"\\\\"',
  'xa "$" $ a$',
  'xa \'\' "" b',
  'xa a=b',
  'X=1 xa',
  'xa <<EOF\nhi\nEOF\nxb',
  "xa <<'EOF'\n$x\nEOF\nxb",
  'xa <<-EOF\n\thi\n\tEOF\nxb',
  'xa <<EOF\na\\\\\nEOF\nxb',
  'xa 2>/dev/null xb',
  'if xa; then xb; fi',
  'case a in a) xa;; esac',
  '{ xa; xb; }',
  '(xa)',
  'xa; ',
  'xa &&\nxb',
  'xa \\\n && xb',
  'xa "a\nb" \'a\nb\' "a\\\nb" \'a\\\nb\'',
  'xa a]b [a',
  'time xa',
  '"xa" b',
  'for i in 1; do xa; done',
];

describe('analyzeCommand against bash', () => {
  it.each(LINES)('%j lists the commands bash runs', (text) => {
    const analysis = analyzeCommand(text);
    expect(analysis.verdict.effect).not.toBe('deny');
    expect(analysis.commands.filter((command) => command.argv.length > 0).map((command) => command.argv)).toEqual(
      bashArgvs(text),
    );
  });

  it.each([
    ['xa\rxb', ['xa\rxb']],
    ['xa\u00a0-l', ['xa\u00a0-l']],
  ])('%j is one word for bash, and refused by the analysis', (text, words) => {
    expect(bashArgvs(text)).toEqual([words]);
    expect(analyzeCommand(text).verdict).toMatchObject({ effect: 'deny', rule: 'control-character' });
  });
});

// Class 2 of issue 9: words that look like data and that bash evaluates as code. Each line really runs
// `touch m` under bash (in a throwaway folder, `a` an indexed and `A` an associative array), and the
// analysis must not simply allow it.
const EVALUATED = [
  "test -v 'x[$(touch m)]'",
  "[ -v 'x[$(touch m)]' ]",
  "[[ -v 'x[$(touch m)]' ]]",
  "[[ 'a[$(touch m)]' -eq 1 ]]",
  "[[ 1 -lt 'a[$(touch m)]' ]]",
  "printf -v 'a[$(touch m)]' x",
  "read 'a[$(touch m)]' <<< x",
  "read -r -p '' 'a[$(touch m)]' <<< x",
  "unset 'a[$(touch m)]'",
  "unset 'A[$(touch m)]'",
  "declare 'a[$(touch m)]=1'",
  "declare 'A[$(touch m)]=1'",
  "typeset 'a[$(touch m)]=1'",
  "test -v 'A[$(touch m)]'",
  "declare -n r='a[$(touch m)]'; r=1",
  `x='$(touch m)'; echo \${x@P}`,
  "declare -i n; n='a[$(touch m)]'",
  "let 'a[$(touch m)]'",
  '(( a[$(touch m)] ))',
  'echo $(( a[$(touch m)] ))',
  "mapfile -C 'touch m' -c 1 q <<< x",
  "trap 'touch m' EXIT",
  "source <(echo 'touch m')",
  "eval 'touch m'",
  "bash -c 'touch m'",
];

describe('words bash evaluates as code (issue 9, class 2)', () => {
  it.each(EVALUATED)('%j runs code under bash, and the analysis does not allow it', (text) => {
    const folder = mkdtempSync(join(tmpdir(), 'wesgine-evaluated-'));
    try {
      try {
        execFileSync('/bin/bash', ['-c', `a=(1); declare -A A=([k]=1); ${text}`], {
          cwd: folder,
          stdio: 'ignore',
          timeout: 5000,
        });
      } catch {
        // Some lines fail after running the code; the marker is what counts.
      }
      expect(existsSync(join(folder, 'm'))).toBe(true);
      expect(analyzeCommand(text).verdict.effect).not.toBe('allow');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
