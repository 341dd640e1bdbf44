import { describe, expect, it } from 'vitest';
import { readOptions } from './command-options.js';

const spec = {
  long: ['--recursive', '--force', '--no-preserve-root', '--preserve-root', '--mode'],
  shortWithArgument: 'm',
  longWithArgument: ['--mode'],
};

describe('readOptions', () => {
  it('splits clusters and keeps operands in order, wherever the options stand', () => {
    expect(readOptions(['-rf', 'a', '-v', 'b'], spec)).toEqual({ options: ['-r', '-f', '-v'], operands: ['a', 'b'] });
  });

  it('ends options at --', () => {
    expect(readOptions(['-r', '--', '-f', '/'], spec)).toEqual({ options: ['-r'], operands: ['-f', '/'] });
  });

  it('expands unambiguous long prefixes and keeps ambiguous ones', () => {
    expect(readOptions(['--rec', '--no', '--pre', '--f'], spec).options).toEqual([
      '--recursive',
      '--no-preserve-root',
      '--preserve-root',
      '--force',
    ]);
    expect(readOptions(['--r', '--x'], { long: ['--recursive', '--remove'] }).options).toEqual(['--r', '--x']);
  });

  it('skips option arguments', () => {
    expect(readOptions(['-m', '755', 'a', '-m644', 'b', '--mode', '1', '--mode=2', 'c'], spec)).toEqual({
      options: ['-m', '-m', '--mode', '--mode'],
      operands: ['a', 'b', 'c'],
    });
  });

  it('takes a lone dash as an operand', () => {
    expect(readOptions(['-'], spec)).toEqual({ options: [], operands: ['-'] });
  });
});
