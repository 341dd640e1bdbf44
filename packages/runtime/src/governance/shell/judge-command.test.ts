import { describe, expect, it } from 'vitest';
import type { CommandWord } from './command-word.js';
import { type JudgedCommand, judgeCommand } from './judge-command.js';

/** Static command words from plain text; a word starting with `$` is a parameter. */
function words(text: string): CommandWord[] {
  return text
    .split(' ')
    .filter((value) => value !== '')
    .map((value) => ({ value, source: value, expansions: value.startsWith('$') ? ['parameter'] : [] }));
}

const rules = (text: string, extra: Partial<JudgedCommand> = {}) =>
  judgeCommand({ words: words(text), assignments: [], stdinFed: false, ...extra }).map((finding) => finding.rule);

describe('judgeCommand', () => {
  it.each([
    ['ls -la', []],
    ['$X a', ['dynamic-command']],
    ['eval x', ['eval']],
    ['trap x EXIT', ['eval']],
    ['trap -p', []],
    ["trap '' INT", ['eval']],
    ['trap - INT', []],
    ['compgen -F f', ['eval']],
    ['readarray x', []],
    ['source f', ['source']],
    ['. f', ['source']],
    ['exec', ['exec']],
    ['let a=1', ['arithmetic']],
    ['alias', []],
    ['alias ll=ls', ['shell-state']],
    ['enable -n echo', ['shell-state']],
    ['hash', []],
    ['hash -p /x ls', ['shell-state']],
    ['shopt extglob', []],
    ['shopt -s extglob', ['shell-state']],
    ['set -eux', []],
    ['set -o pipefail +o errexit', []],
    ['set -- a b', []],
    ['set -o vi', ['shell-state']],
    ['set -B', ['shell-state']],
    ['export A=1 B', []],
    ['readonly PATH', ['loader-variable']],
    ['local GIT_DIR=x', ['loader-variable']],
    ['sudo ls', ['privilege-escalation']],
    ['pkexec ls', ['privilege-escalation']],
    ['/usr/bin/xargs rm', ['xargs']],
    ['find . -fprint out', ['find-action']],
    ['find . -print', []],
    ['git status', []],
    ['git -C sub -c x=y log', ['git-config']],
    ['git --exec-path=/x log', ['git-config']],
    ['git --exec-path', []],
    ['git config user.name', []],
    ['git config --global user.name me', ['git-config']],
    ['git config --unset x', ['git-config']],
    ['git config set x y', ['git-config']],
    ['git config --get-all x', []],
    ['git push --receive-pack=x', ['git-config']],
    ['git clone --config x=y u', ['git-config']],
    ['git clone u', []],
    ['bash -c x', ['inline-interpreter']],
    ['./eval x', []],
  ])('%s → %j', (text, expected) => {
    expect(rules(text)).toEqual(expected);
  });

  it('judges assignments, but not code text that is a real substitution (asked on its own)', () => {
    expect(rules('ls', { assignments: [{ name: 'LD_AUDIT', value: 'x' }] })).toEqual(['loader-variable']);
    expect(rules('ls', { assignments: [{ name: 'X', value: '`id`' }] })).toEqual(['code-in-variable']);
    expect(rules('ls', { assignments: [{ name: 'X', value: '$(id)', substituted: true }] })).toEqual([]);
    expect(rules('', { assignments: [{ name: 'PS4', value: 'x' }] })).toEqual(['loader-variable']);
  });

  it('asks about a pattern in the command name', () => {
    expect(
      judgeCommand({
        words: [{ value: '*.sh', source: '*.sh', expansions: ['glob'] }],
        assignments: [],
        stdinFed: false,
      }),
    ).toEqual([
      {
        rule: 'glob-command',
        message:
          'The command name `*.sh` holds pattern characters that bash turns into file names when the line runs, so the command cannot be judged.',
      },
    ]);
  });

  it('passes on whether standard input is part of the line', () => {
    expect(rules('sh', { stdinFed: true })).toEqual(['inline-interpreter']);
    expect(rules('sh')).toEqual([]);
  });
});
