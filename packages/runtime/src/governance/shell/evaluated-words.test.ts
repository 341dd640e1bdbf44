import { describe, expect, it } from 'vitest';
import { analyzeCommand } from './analyze-command.js';

const verdict = (text: string) => analyzeCommand(text).verdict;

// Class 2 of issue 9: words bash evaluates as code though they look like data. The differential test
// (analyze-command.differential.test.ts) shows bash running each of them.

describe('evaluatedWords: variable names with subscripts, and other words bash evaluates', () => {
  it('asks about `test -v` with a subscript, and says why', () => {
    expect(verdict("test -v 'x[$(touch ../pwned)]'")).toEqual({
      effect: 'ask',
      rule: 'evaluated-word',
      question:
        "`test` is given words bash runs as code: the variable name `x[$(touch ../pwned)]` has a subscript that bash evaluates, running the commands in it: `test -v 'x[$(touch ../pwned)]'`.",
    });
  });

  it.each([
    "[ -v 'x[$(id)]' ]",
    "test -R 'x[`id`]'",
    "printf -v 'a[$(id)]' x",
    "printf -v'a[$(id)]' x",
    "read 'a[$(id)]'",
    "read -r -p '> ' 'a[$(id)]'",
    "read -rp '> ' 'a[$(id)]'",
    "read -rd '' 'a[$(id)]'",
    "read -a 'a[$(id)]'",
    "unset 'a[$(id)]'",
    'unset -v "a[\\$(id)]"',
    "declare 'a[$(id)]=1'",
    "typeset -A 'A[$(id)]=1'",
    "local 'a[$(id)]'",
    "readonly 'a[$(id)]=1'",
    "export 'a[$(id)]=1'",
    "getopts ab 'a[$(id)]'",
    "wait -n -p 'a[$(id)]'",
    "mapfile -t 'a[$(id)]'",
    `readarray 'a[\${x}]'`,
    'read "$name"',
    'unset "$name"',
    'declare -n ref="$target"',
    "test 'a[$(id)]' -eq 1",
    "[ 1 -lt '$(id)' ]",
    "command test -v 'x[$(id)]'",
    "builtin printf -v 'a[$(id)]' x",
  ])('%s asks', (line) => {
    expect(verdict(line)).toMatchObject({ effect: 'ask', rule: 'evaluated-word' });
  });

  it.each([
    ['printf -v PROMPT_COMMAND x', 'PROMPT_COMMAND'],
    ['read BASH_ENV', 'BASH_ENV'],
    ['declare -n ref=LD_PRELOAD', 'LD_PRELOAD'],
  ])('%s sets a loader variable by name: asked', (line, name) => {
    expect(verdict(line)).toMatchObject({ effect: 'ask', rule: 'loader-variable' });
    expect((verdict(line) as { question: string }).question).toContain(`sets ${name}, which changes which programs`);
  });

  it.each([
    'test -v x',
    '[ -v HOME ]',
    'read -r line',
    "read -r -d '' a b",
    "read -rp 'x[$(id)]' line",
    "read -p'x[$(id)]' line",
    'unset a b',
    'printf -v out %s x',
    'declare -a list',
    'export FOO=bar',
    'test 1 -eq 1',
    "[ 'a b' = 'a b' ]",
    "/usr/bin/test -v 'x[$(id)]'",
    "echo 'x[$(id)]'",
  ])('%s is not an evaluated word', (line) => {
    expect(verdict(line).effect).toBe('allow');
  });
});
