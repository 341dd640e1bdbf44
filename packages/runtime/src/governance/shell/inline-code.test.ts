import { describe, expect, it } from 'vitest';
import type { CommandWord } from './command-word.js';
import { inlineCode, programName } from './inline-code.js';

/** Static command words from plain text; a word starting with `$` is a parameter. */
function words(text: string): CommandWord[] {
  return text
    .split(' ')
    .filter((value) => value !== '')
    .map((value) => ({ value, source: value, expansions: value.startsWith('$') ? ['parameter'] : [] }));
}

describe('inlineCode', () => {
  it.each([
    'sh -c x',
    'bash -xec x',
    'bash --login -c x',
    'bash -o pipefail -c x',
    '/usr/bin/zsh -c x',
    'fish --command x',
    'python -c x',
    'python3.11 -Bc x',
    'pypy3 -c x',
    'node -e x',
    'node --print x',
    'node --env-file .env -e x',
    'node --title app -r ./hook.js -e x',
    'node --disable-warning DEP0040 -e x',
    'node --report-dir /tmp/r --watch-path src --print x',
    'nodejs -pe x',
    'bun --eval x',
    'deno eval x',
    'ruby -ne x',
    'perl -E x',
    'perl -lane x',
    'perl -l0e x',
    'perl -0777ne x',
    'php -R x',
    'lua -e x',
    'Rscript -e x',
    'osascript -e x',
    'pwsh -Command x',
    'powershell -EncodedCommand x',
    'awk {print} f',
    'mawk -F, {print}',
    'gawk -e x -f lib.awk',
    'watch -n 1 ls',
    'script -q -c ls log',
  ])('%s is inline code', (text) => {
    expect(inlineCode(words(text), false)).toBeDefined();
  });

  it.each([
    'bash build.sh',
    'bash -e build.sh',
    'sh',
    'python script.py -c x',
    'python -m http.server',
    'python3 --version',
    'node app.js -e x',
    'node -r ./hook app.js',
    'perl -Mstrict script.pl',
    'perl -0xe script.pl',
    'perl -Iext script.pl',
    'awk -f prog.awk data',
    'gawk --file=prog.awk data',
    'deno run app.ts',
    'ls -c',
    'script log',
  ])('%s is not', (text) => {
    expect(inlineCode(words(text), false)).toBeUndefined();
  });

  it('counts a program without a script whose input is part of the line', () => {
    expect(inlineCode(words('bash'), true)).toBe(
      '`bash` runs code read from its standard input, which comes from the command line itself: `bash`.',
    );
    expect(inlineCode(words('python3 -'), true)).toBeDefined();
    expect(inlineCode(words('python3 -u'), true)).toBeDefined();
    expect(inlineCode(words('python3 x.py'), true)).toBeUndefined();
    expect(inlineCode(words('python3 -m json.tool'), true)).toBeUndefined();
    expect(inlineCode(words('bash --version'), true)).toBeUndefined();
  });

  it('writes the message with the option that gives the code', () => {
    expect(inlineCode(words('bash -lc ls'), false)).toBe(
      '`bash` is given code to run inline with `-lc`: `bash -lc ls`.',
    );
    expect(inlineCode(words('awk {print}'), false)).toBe('`awk` is given a program inline: `awk {print}`.');
    expect(inlineCode(words('watch ls'), false)).toBe('`watch` hands its arguments to a shell as code: `watch ls`.');
    expect(inlineCode(words('deno eval 1'), false)).toBe('`deno` is given code to run inline: `deno eval 1`.');
  });

  it('names a program without its folder', () => {
    expect(programName(words('/usr/bin/python3 x'))).toBe('python3');
    expect(programName([])).toBe('');
  });
});
