import { describe, expect, it } from 'vitest';
import { parseLine } from './parse-line.js';
import type { ShellFinding } from './shell-finding.js';

function parse(text: string) {
  const findings: ShellFinding[] = [];
  const script = parseLine(text, (finding) => findings.push(finding));
  return { script, findings: findings.map((finding) => `${finding.rule}@${finding.at}`) };
}

describe('parseLine', () => {
  it('builds lists, chains and pipelines', () => {
    const { script } = parse('a | b && ! c & d');
    expect(script.items).toHaveLength(2);
    const [first, second] = script.items;
    expect(first?.background).toBe(true);
    expect(first?.chain.first.commands).toHaveLength(2);
    expect(first?.chain.rest).toMatchObject([{ op: '&&', pipeline: { negated: true } }]);
    expect(second?.background).toBe(false);
  });

  it('reads assignments only before the command name', () => {
    const command = parse('A=1 B+=2 C[1]=3 cmd D=4').script.items[0]?.chain.first.commands[0];
    expect(command).toMatchObject({
      kind: 'simple',
      assignments: [
        { name: 'A', value: { value: '1' } },
        { name: 'B', value: { value: '2' } },
        { name: 'C[1]', value: { value: '3' } },
      ],
      words: [{ value: 'cmd' }, { value: 'D=4' }],
    });
    expect(parse('"A"=1').script.items[0]?.chain.first.commands[0]).toMatchObject({
      assignments: [],
      words: [{ value: 'A=1' }],
    });
  });

  it('reads compound commands and function definitions', () => {
    const kinds = (text: string) => parse(text).script.items.map((item) => item.chain.first.commands[0]?.kind);
    expect(
      kinds('(a); { b; }; if c; then d; fi; while e; do f; done; for g in h; do i; done; case j in k) l;; esac'),
    ).toEqual(['subshell', 'group', 'if', 'while', 'for', 'case']);
    expect(kinds('f() { a; }; function g { b; }; ((1)); [[ x ]]')).toEqual([
      'function',
      'function',
      'arithmetic',
      'conditional',
    ]);
  });

  it('reads here-document bodies at the next newline', () => {
    const command = parse('cat <<A <<-"B"\nx $y\nA\n\tz\n\tB').script.items[0]?.chain.first.commands[0];
    expect(command).toMatchObject({
      redirects: [
        { op: '<<', hereDocument: { delimiter: 'A', literal: false, body: { value: 'x $y\n', mask: 'qq$$q' } } },
        { op: '<<-', hereDocument: { delimiter: 'B', literal: true, body: { value: '\tz\n' } } },
      ],
    });
  });

  it('parses the lists inside substitutions and reports them where they stand', () => {
    const { script, findings } = parse('echo $(a; b) `c` <(d)');
    const words = script.items[0]?.chain.first.commands[0];
    expect(words?.kind === 'simple' && words.words.map((word) => word.inner.length)).toEqual([0, 1, 1, 1]);
    expect(findings).toEqual(['command-substitution@5', 'command-substitution@13', 'process-substitution@17']);
  });

  it('reads a reserved word only where a command starts', () => {
    expect(parse('echo if then fi }').script.items).toHaveLength(1);
    expect(() => parse('echo; fi')).toThrow('it has an unexpected `fi`');
  });
});
