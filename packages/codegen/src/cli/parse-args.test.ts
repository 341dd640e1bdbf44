import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from './parse-args.js';

const spec = { withValue: ['pack', 'name'], switches: ['help', 'version', 'force'] };

describe('parseArgs', () => {
  it('splits the command, positionals and flags', () => {
    const parsed = parseArgs(['gen', '--pack', 'p', '--force', 'x', '--name=@a/b'], spec);
    expect(parsed.command).toBe('gen');
    expect(parsed.positionals).toEqual(['x']);
    expect([...parsed.flags]).toEqual([
      ['pack', 'p'],
      ['force', true],
      ['name', '@a/b'],
    ]);
  });

  it('reads short help and version, and treats everything after -- as positionals', () => {
    expect([...parseArgs(['-h'], spec).flags]).toEqual([['help', true]]);
    expect([...parseArgs(['-v'], spec).flags]).toEqual([['version', true]]);
    expect(parseArgs(['call', 'x', '--', '--force'], spec).positionals).toEqual(['x', '--force']);
  });

  it('keeps every value of a repeatable flag, in order', () => {
    const parsed = parseArgs(['import', '--header', 'A: 1', '--header=B: 2'], {
      ...spec,
      repeatable: ['header'],
      withValue: [...spec.withValue, 'header'],
    });
    expect(parsed.lists.get('header')).toEqual(['A: 1', 'B: 2']);
  });

  it.each([
    [['gen', '--verbose'], 'unknown option --verbose'],
    [['gen', '--pack'], '--pack needs a value'],
    [['gen', '--pack='], '--pack needs a value'],
    [['gen', '--force=yes'], '--force takes no value'],
    [['gen', '--pack', 'a', '--pack', 'b'], '--pack is given twice; give it once'],
    [['gen', '--force', '--force'], '--force is given twice; give it once'],
  ])('rejects %j', (argv, message) => {
    expect(() => parseArgs(argv, spec)).toThrow(new UsageError(message));
  });
});
