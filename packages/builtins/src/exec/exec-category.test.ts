// exec's category: exploration only when every command bash would run is on the read-only list.
import { describe, expect, it } from 'vitest';
import { execCategory } from './exec-category.js';
import { READ_ONLY_PROGRAMS } from './read-only-commands.js';

const EXPLORATION: readonly string[] = [
  'ls',
  'ls -la src',
  'cat a.txt | head -5',
  'grep -rn foo . | wc -l',
  'egrep -c "a|b" x',
  'rg foo',
  'rg -n -i --type ts foo src',
  'rg -g "*.zip" foo',
  'find . -name "*.ts" -type f',
  'find . -type f -print',
  'git status',
  'git status --short',
  'git log --oneline -5',
  'git --no-pager diff HEAD~1',
  'git -C sub show HEAD:README.md',
  'pwd',
  'which node',
  'cd src && ls',
  'ls 2>&1 | head',
  'ls 2>/dev/null',
  'cat x &>/dev/null',
  'cat < x',
  'cat <<EOF\nhello\nEOF',
  'grep foo <<< "text"',
  'tail -n 20 log.txt',
  'du -sh .',
  'df -h',
  'stat x',
  'file x',
  'echo hi',
  'true',
  'timeout 5 ls',
  'command ls',
  'ls && cat a || echo missing',
  '(ls; pwd)',
  'cat *.ts',
  'wc -l "$HOME/notes.txt"',
  'for f in a b; do cat "$f"; done',
  'if [ -f x ]; then cat x; fi',
  '[[ -d src ]] && ls src',
  'test -f x || echo none',
];

const ACTION: readonly [string, string][] = [
  ['ls; rm x', 'a second command that writes'],
  ['ls\nrm x', 'a second line that writes'],
  ['rm -rf build', 'a program off the list'],
  ['git -c x=y log', 'a git configuration option'],
  ["git -c core.pager='sh -c id' log", 'a pager set on the command line'],
  ['git --exec-path=/tmp log', 'another global git option'],
  ['git commit -m x', 'a git command that writes'],
  ['git', 'git without a command'],
  ['git log --output=log.txt', 'git log writing a file'],
  ['git diff --output log.txt', 'git diff writing a file'],
  ['git diff --ext-diff', 'git diff running a diff program'],
  ['find . -delete', 'find deleting'],
  ['find . -name x -exec rm {} \\;', 'find running a program'],
  ['find . -execdir ls \\;', 'find running a program per folder'],
  ['find . -ok rm {} \\;', 'find asking to run a program'],
  ['find . -fprint list.txt', 'find writing a file'],
  ['find . -fls list.txt', 'find writing a listing'],
  ['cat x > y', 'output redirected to a file'],
  ['cat x >> y', 'output appended to a file'],
  ['ls 2> errors.txt', 'errors redirected to a file'],
  ['{ ls; } > out', 'a group redirected to a file'],
  ['echo hi >&out', 'a descriptor duplication to a file name'],
  ['ls | tee out', 'a pipe into a program that writes'],
  ['rg --pre sh x', 'rg with a preprocessor'],
  ['rg --pre=./decode x', 'rg with a preprocessor, joined'],
  ['rg -z foo', 'rg with decompression programs'],
  ['rg -uz foo', 'rg with decompression in a flag cluster'],
  ['rg --search-zip foo', 'rg with decompression, long form'],
  ['rg --hostname-bin=sh foo', 'rg with a hostname program'],
  ['file -C -m magic', 'file compiling a magic file'],
  ['./ls', 'a program given by a relative path'],
  ['/tmp/ls', 'a program given by an absolute path'],
  ['bin/git status', 'a program in a work-folder subfolder'],
  ['/usr/bin/ls', 'even the real program by its full path'],
  ['$CMD', 'a program name from a variable'],
  ['l$x -la', 'a program name partly from a variable'],
  ['$(echo ls)', 'a program name from a substitution'],
  ['X=1 ls', 'a variable assignment before the command'],
  ['PATH=./bin:$PATH git status', 'a PATH change before the command'],
  ['env GIT_EXTERNAL_DIFF=./x git diff', 'an assignment through env'],
  ['X=1', 'only an assignment'],
  ['> out', 'only a redirection'],
  ['sudo ls', 'privileges changed'],
  ['ls &', 'a background job'],
  ['cat $(rm x)', 'a substitution that writes'],
  ['cat $(ls)', 'a substitution at all (the Sandbox asks)'],
  ['echo `id`', 'a backquote substitution'],
  ['f() { ls; }; f', 'a function definition'],
  ['bash -c ls', 'an inline shell'],
  ['sh -c "cat x"', 'another inline shell'],
  ['xargs cat', 'xargs'],
  ['eval ls', 'eval'],
  ['source env.sh', 'source'],
  ['sed -n 1p x', 'a reader not on the list'],
  ['cd .. && rm -rf x', 'a change of folder, then a write'],
  ['', 'an empty line'],
  ['ls "unterminated', 'a line that does not parse'],
  ['ls\u0000', 'a control character'],
];

describe('execCategory', () => {
  it.each(EXPLORATION)('%j is exploration', (command) => {
    expect(execCategory(command)).toBe('exploration');
  });

  it.each(ACTION)('%j is an action: %s', (command) => {
    expect(execCategory(command)).toBe('action');
  });

  it('lists the read-only programs', () => {
    expect([...READ_ONLY_PROGRAMS].sort()).toEqual(
      [
        ...['[', '[[', 'cat', 'cd', 'df', 'du', 'echo', 'egrep', 'fgrep', 'file', 'find', 'git', 'grep', 'head'],
        ...['ls', 'pwd', 'rg', 'stat', 'tail', 'test', 'true', 'wc', 'which'],
      ].sort(),
    );
  });
});
