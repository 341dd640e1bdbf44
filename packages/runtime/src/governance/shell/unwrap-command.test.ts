import { describe, expect, it } from 'vitest';
import type { CommandWord } from './command-word.js';
import { unwrapCommand } from './unwrap-command.js';

/** Static command words from plain text; a word starting with `$` is a parameter. */
function words(text: string): CommandWord[] {
  return text
    .split(' ')
    .filter((value) => value !== '')
    .map((value) => ({ value, source: value, expansions: value.startsWith('$') ? ['parameter'] : [] }));
}

const inner = (text: string) =>
  unwrapCommand(words(text))
    .words.map((word) => word.value)
    .join(' ');

describe('unwrapCommand', () => {
  it.each([
    ['timeout 5 ls', 'ls'],
    ['timeout --signal=KILL -k 2 --preserve-status 5 ls', 'ls'],
    ['nice ls', 'ls'],
    ['nice -n 5 ls', 'ls'],
    ['nice -10 ls', 'ls'],
    ['nohup ls', 'ls'],
    ['stdbuf -oL -e0 ls', 'ls'],
    ['setsid -f ls', 'ls'],
    ['ionice -c 3 ls', 'ls'],
    ['noglob ls', 'ls'],
    ['busybox ls', 'ls'],
    ['time -p ls', 'ls'],
    ['command ls', 'ls'],
    ['builtin cd x', 'cd x'],
    ['exec -a name ls', 'ls'],
    ['sudo -E -u root ls', 'ls'],
    ['sudo -- ls', 'ls'],
    ['doas -u root ls', 'ls'],
    ['env -i -u X A=1 ls', 'ls'],
    ['env -- ls', 'ls'],
    ['/usr/bin/env ls', 'ls'],
    ['/usr/bin/timeout 5 /bin/nice ls', 'ls'],
    ['sudo timeout 5 env A=1 nice ls', 'ls'],
  ])('%s runs %s', (text, expected) => {
    expect(inner(text)).toBe(expected);
  });

  it.each([
    'timeout 5',
    'nice',
    'env',
    'env A=1',
    'command -v ls',
    'ionice -p 42',
    'sudo -l',
    './timeout 5 ls',
    'bin/nice ls',
    '/usr/bin/command ls',
    '/opt/bin/env ls',
  ])('%s is left as it is', (text) => {
    expect(inner(text)).toBe(text);
  });

  it('does not take off a wrapper named by an expansion', () => {
    expect(
      unwrapCommand([{ value: 'env', source: '$E', expansions: ['parameter'] }, ...words('ls')]).words,
    ).toHaveLength(2);
  });

  it('collects env assignments and the wrappers taken off', () => {
    expect(unwrapCommand(words('nice env A=1 B=x=y ls'))).toEqual({
      words: words('ls'),
      assignments: [
        { name: 'A', value: '1', substituted: false },
        { name: 'B', value: 'x=y', substituted: false },
      ],
      wrappers: ['nice', 'env'],
      findings: [],
    });
  });

  it('asks about sudo, doas and exec while taking them off', () => {
    expect(unwrapCommand(words('sudo ls')).findings).toEqual([
      { rule: 'privilege-escalation', message: '`sudo` runs a command with other privileges: `sudo ls`.' },
    ]);
    expect(unwrapCommand(words('exec ls')).findings).toEqual([
      { rule: 'exec', message: '`exec` replaces the shell with the program it runs: `exec ls`.' },
    ]);
  });

  it('stops at an option it does not know, and at env -S', () => {
    expect(unwrapCommand(words('timeout -x 5 ls'))).toMatchObject({
      words: words('timeout -x 5 ls'),
      findings: [{ rule: 'wrapper-option' }],
    });
    expect(unwrapCommand(words('env -C /tmp ls')).findings).toMatchObject([{ rule: 'wrapper-option' }]);
    expect(unwrapCommand(words('env -Sls')).findings).toEqual([
      {
        rule: 'env-split-string',
        message:
          '`env -Sls` splits a string into a command line of its own, which the analysis cannot see: `env -Sls`.',
      },
    ]);
  });
});
