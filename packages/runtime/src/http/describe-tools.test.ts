import { defineTool, Path, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { describeTools, SANDBOX_OFF_NOTE } from './describe-tools.js';

const read = defineTool({
  name: 'read_note',
  description: 'Read a note.',
  parameters: Type.Object({ path: Path({ access: 'read', description: 'The note.' }) }),
  meta: { readOnly: true, aliases: ['cat'] },
});

describe('describeTools', () => {
  it('prints each tool with the category the cell gives it, not the one it declares', () => {
    expect(describeTools([read], { categoryOf: () => 'action', sandboxOff: false })).toBe(
      [
        'name: read_note',
        'aliases: cat',
        'category: action',
        'description: Read a note.',
        'parameters:',
        '  - path (string, required, a path it reads): The note.',
        '',
      ].join('\n'),
    );
  });

  it('puts the sandbox note first, in a block of its own, when the sandbox is off', () => {
    const text = describeTools([read], { categoryOf: () => 'exploration', sandboxOff: true });
    expect(text.startsWith(SANDBOX_OFF_NOTE)).toBe(true);
    expect(text.split('\n\n')[1]?.split('\n').slice(0, 3)).toEqual([
      'name: read_note',
      'aliases: cat',
      'category: exploration',
    ]);
    expect(describeTools([], { categoryOf: () => 'action', sandboxOff: true })).toBe(SANDBOX_OFF_NOTE);
    expect(describeTools([], { categoryOf: () => 'action', sandboxOff: false })).toBe('');
  });
});
