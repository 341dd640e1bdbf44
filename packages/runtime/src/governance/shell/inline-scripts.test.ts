import { describe, expect, it } from 'vitest';
import { analyzeCommand } from './analyze-command.js';
import type { CommandWord } from './command-word.js';
import { inlineScripts } from './inline-scripts.js';

const nested = (text: string) => analyzeCommand(text).nested.map((command) => command.argv);
const words = (...values: string[]): CommandWord[] => values.map((value) => ({ value, source: value, expansions: [] }));

describe('inlineScripts', () => {
  it('finds the code of a shell given -c anywhere in the words, with its positional words', () => {
    expect(inlineScripts(words('bash', '-o', 'pipefail', '-ec', 'ls', 'name', 'a'), [])).toEqual([
      { runner: 'bash -c', code: 'ls', positional: ['name', 'a'] },
    ]);
    expect(inlineScripts(words('xargs', '-0', 'sh', '-c', 'rm "$@"', '_'), [])).toEqual([
      { runner: 'sh -c', code: 'rm "$@"', positional: ['_'] },
    ]);
    expect(inlineScripts(words('find', '.', '-exec', '/bin/dash', '-c', 'x', ';'), [])).toEqual([
      { runner: 'dash -c', code: 'x', positional: [';'] },
    ]);
    expect(inlineScripts(words('bash', 'script.sh', '-c', 'x'), [])).toEqual([]);
    expect(inlineScripts(words('bash', '--rcfile', 'f', 'script.sh'), [])).toEqual([]);
  });

  it('finds eval, trap, and su, runuser, flock and script with -c', () => {
    expect(inlineScripts(words('eval', 'echo', 'a'), [])).toEqual([{ runner: 'eval', code: 'echo a', positional: [] }]);
    expect(inlineScripts(words('trap', 'rm x', 'EXIT'), [])).toEqual([
      { runner: 'trap', code: 'rm x', positional: [] },
    ]);
    expect(inlineScripts(words('trap', '-p'), [])).toEqual([]);
    expect(inlineScripts(words('su', '-', 'root', '-c', 'id'), [])).toEqual([
      { runner: 'su -c', code: 'id', positional: [] },
    ]);
    expect(inlineScripts(words('flock', '/tmp/l', '--command=id'), [])).toEqual([
      { runner: 'flock -c', code: 'id', positional: [] },
    ]);
    expect(inlineScripts(words('env', '-S', 'rm -rf /'), [])).toEqual([
      { runner: 'env -S', code: 'rm -rf /', positional: [] },
    ]);
    expect(inlineScripts(words('watch', '-n', '1', 'rm', '-rf', '/'), [])).toEqual([
      { runner: 'watch', code: 'rm -rf /', positional: [] },
    ]);
  });
});

describe('analyzeCommand: code inside code, for Hardline', () => {
  it.each([
    ["bash -c 'rm -rf /'", [['rm', '-rf', '/']]],
    ["eval 'rm -rf /'", [['rm', '-rf', '/']]],
    ['eval rm -rf /', [['rm', '-rf', '/']]],
    ["env X=1 timeout 5 bash -c 'rm -rf /'", [['rm', '-rf', '/']]],
    ['find . -exec sh -c \'rm -rf "$1"\' _ / \\;', [['rm', '-rf', '/']]],
    ['sh -c \'rm -rf "$@"\' sh / /home', [['rm', '-rf', '/', '/home']]],
    [`sh -c 'rm -rf $1/* \${2}x $3' sh '' /`, [['rm', '-rf', '/*', '/x', '$3']]],
    ["bash <<< 'mkfs.ext4 /dev/sda'", [['mkfs.ext4', '/dev/sda']]],
    ['bash <<EOF\nshutdown now\nEOF', [['shutdown', 'now']]],
    ["env -S 'rm -rf /'", [['rm', '-rf', '/']]],
    ["watch -n 5 'rm -rf /'", [['rm', '-rf', '/']]],
    [
      `bash -c "eval 'rm -rf ~'"`,
      [
        ['eval', 'rm -rf ~'],
        ['rm', '-rf', '~'],
      ],
    ],
  ])('%j hands on %j', (line, commands) => {
    expect(nested(line)).toEqual(commands);
    expect(analyzeCommand(line).commands.flatMap((command) => command.argv)).not.toContain('-rf /');
  });

  it('asks about code handed to a program the other rules do not know (flock -c)', () => {
    expect(analyzeCommand("flock /tmp/l -c 'touch x'").verdict).toEqual({
      effect: 'ask',
      rule: 'inline-code',
      question: 'The command line hands shell code to `flock -c` to run: `touch x`.',
    });
  });

  it('refuses code it cannot read, and code nested more than 3 levels deep', () => {
    expect(analyzeCommand(`bash -c 'echo "open'`).verdict).toMatchObject({
      effect: 'deny',
      rule: 'shell-parse-error',
    });
    expect((analyzeCommand(`bash -c 'echo "open'`).verdict as { reason: string }).reason).toMatch(
      /^The code given to `bash -c` cannot be judged: The command line cannot be analysed: /,
    );
    expect(analyzeCommand(`bash -c "bash -c \\"bash -c 'ls'\\""`).verdict.effect).toBe('ask');
    expect(analyzeCommand(`bash -c "bash -c \\"bash -c 'bash -c ls'\\""`).verdict).toEqual({
      effect: 'deny',
      code: 'denied',
      rule: 'inline-code-depth',
      reason:
        'The command line nests code in code more than 3 levels deep (`bash -c`), deeper than the analysis follows. Write the innermost command directly.',
    });
  });

  it('judges the paths of nested code like the line’s own, and finds a fork bomb inside', () => {
    expect(analyzeCommand("cd sub && bash -c 'echo x > ../../out'").paths).toContainEqual({
      value: '../out',
      access: 'write',
      why: 'redirect',
    });
    expect(analyzeCommand("bash -c ':(){ :|:& };:'").verdict).toMatchObject({
      effect: 'deny',
      code: 'hardline_denied',
      rule: 'fork-bomb',
    });
  });
});
