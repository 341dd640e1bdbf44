// The exec tool through the real runtime: what the model reads for ordinary commands, exit codes,
// signals, empty output, the working folder, and a command with no stdin and no terminal.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { execCell, stable } from './exec.test.fixture.js';

const cell = execCell();
afterAll(() => cell.remove());
mkdirSync(join(cell.work, 'sub'));
writeFileSync(join(cell.work, 'sub', 'a.txt'), 'alpha\n');
writeFileSync(join(cell.work, 'file.txt'), 'not a folder\n');

describe('exec', () => {
  it('answers with exit code, wall time and output', async () => {
    const result = await cell.exec({ command: 'echo hello' });
    expect(result.isError).toBe(false);
    expect(result.text).toMatch(/^Exit code: 0\nWall time: \d+\.\d seconds\nOutput:\nhello\n$/);
    expect(result.data).toMatchObject({ exitCode: 0, timedOut: false, outputLines: 1, truncated: false });
  });

  it('interleaves stdout and stderr in the order they were written', async () => {
    const result = await cell.exec({ command: 'echo one; echo two >&2; echo three; echo four >&2' });
    expect(stable(result.text, cell.data)).toBe(
      'Exit code: 0\nWall time: <s> seconds\nOutput:\none\ntwo\nthree\nfour\n',
    );
  });

  it('reports a non-zero exit as a result, not an error, with the output before it', async () => {
    const result = await cell.exec({ command: 'echo partial; ls no-such-file; exit 3' });
    expect(result.isError).toBe(false);
    expect(stable(result.text, cell.data)).toBe(
      "Exit code: 3\nWall time: <s> seconds\nOutput:\npartial\nls: cannot access 'no-such-file': No such file or directory\n",
    );
  });

  it('says so when there is no output at all', async () => {
    const result = await cell.exec({ command: 'true' });
    expect(stable(result.text, cell.data)).toBe('Exit code: 0\nWall time: <s> seconds\nOutput: (none)');
    expect(result.data).toMatchObject({ outputLines: 0, outputChars: 0 });
  });

  it('keeps a last line without a line break as it is', async () => {
    const result = await cell.exec({ command: 'printf "a\\nb"' });
    expect(stable(result.text, cell.data)).toBe('Exit code: 0\nWall time: <s> seconds\nOutput:\na\nb');
    expect(result.data).toMatchObject({ outputLines: 2 });
  });

  it('gives 128 + the signal number when the command is killed by a signal', async () => {
    const result = await cell.exec({ command: 'echo before; kill -KILL $$' });
    expect(stable(result.text, cell.data)).toBe(
      'Exit code: 137\nWall time: <s> seconds\nThe command was ended by signal SIGKILL.\nOutput:\nbefore\n',
    );
    expect(result.data).toMatchObject({ exitCode: 137, signal: 'SIGKILL' });
    const term = await cell.exec({ command: 'kill -TERM $$' });
    expect(term.text).toMatch(/^Exit code: 143\n.*\nThe command was ended by signal SIGTERM\.\nOutput: \(none\)$/);
  });

  it('reports the code bash gives for a child ended by a signal', async () => {
    const result = await cell.exec({ command: 'sh -c "kill -INT \\$\\$"; echo "child gave $?"' });
    expect(stable(result.text, cell.data)).toBe('Exit code: 0\nWall time: <s> seconds\nOutput:\nchild gave 130\n');
  });

  it('runs in the work folder, or in the workdir given (relative to the work folder)', async () => {
    const here = await cell.exec({ command: 'pwd' });
    expect(here.text.endsWith(`Output:\n${cell.work}\n`)).toBe(true);
    const sub = await cell.exec({ command: 'pwd; cat a.txt', workdir: 'sub' });
    expect(sub.text.endsWith(`Output:\n${join(cell.work, 'sub')}\nalpha\n`)).toBe(true);
  });

  it.each([
    [
      'a workdir that does not exist',
      { command: 'touch made-it', workdir: 'missing' },
      'file_not_found',
      "The workdir 'missing' does not exist. Give an existing folder, or leave workdir out to run in the work folder.",
    ],
    [
      'a workdir that is a file',
      { command: 'touch made-it', workdir: 'file.txt' },
      'not_a_file',
      "The workdir 'file.txt' is a file, not a folder. Give the folder to run in, or leave workdir out to run in the work folder.",
    ],
    [
      'a workdir outside the allowed folders',
      { command: 'touch made-it', workdir: '/' },
      'path_not_allowed',
      undefined,
    ],
    ['an empty command', { command: ' ' }, 'denied', 'Not allowed: The command line has no command to run.'],
    ['a timeout of 0', { command: 'touch made-it', timeout_ms: 0 }, 'invalid_arguments', undefined],
    ['a timeout over 10 minutes', { command: 'touch made-it', timeout_ms: 600_001 }, 'invalid_arguments', undefined],
    [
      'a description over 200 characters',
      { command: 'touch made-it', description: 'x'.repeat(201) },
      'invalid_arguments',
      undefined,
    ],
  ])('refuses %s and runs nothing', async (_, args, code, text) => {
    const result = await cell.exec(args);
    expect(result.isError).toBe(true);
    expect(result.code).toBe(code);
    if (text !== undefined) expect(result.text).toBe(text);
    expect(result.text).not.toMatch(/\n\s+at /);
    const check = await cell.exec({ command: 'ls made-it sub/made-it 2>&1 | wc -l' });
    expect(check.text.endsWith('Output:\n2\n')).toBe(true);
  });

  it('closes stdin and attaches no terminal, so nothing waits for input', async () => {
    const result = await cell.exec({
      command: 'cat; read -r line || echo "no input"; tty; [ -t 1 ] || echo "stdout not a terminal"; ps -o tty= -p $$',
      timeout_ms: 10_000,
    });
    // `ps` shows `?` for a process without a controlling terminal: /dev/tty cannot be opened to prompt.
    expect(stable(result.text, cell.data)).toBe(
      'Exit code: 0\nWall time: <s> seconds\nOutput:\nno input\nnot a tty\nstdout not a terminal\n?\n',
    );
  });

  it('sets PAGER and GIT_PAGER to cat, so a pager never waits for a key', async () => {
    const result = await cell.exec({ command: 'echo "$PAGER $GIT_PAGER $GIT_TERMINAL_PROMPT $TERM"' });
    expect(result.text.endsWith('Output:\ncat cat 0 dumb\n')).toBe(true);
  });

  it('treats the description as display only', async () => {
    const plain = await cell.exec({ command: 'echo same' });
    const described = await cell.exec({ command: 'echo same', description: 'Print a word; rm -rf /' });
    expect(stable(described.text, cell.data)).toBe(stable(plain.text, cell.data));
  });

  it('runs each call in a fresh shell: nothing carries over', async () => {
    await cell.exec({ command: 'export CARRIED=1; cd sub' });
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash parameter expansion, not a template
    const result = await cell.exec({ command: 'echo "[${CARRIED:-unset}] $(basename "$PWD")"' });
    expect(result.text.endsWith('Output:\n[unset] work\n')).toBe(true);
  });
});
