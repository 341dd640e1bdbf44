import { ToolError } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { parseKeys, pressText } from './key-sequence.js';

const pressed = (keys: string) => parseKeys(keys).map(pressText);

function refusal(keys: string): string {
  try {
    parseKeys(keys);
  } catch (error) {
    expect(ToolError.isInstance(error) && error.code).toBe('invalid_arguments');
    return (error as Error).message;
  }
  throw new Error(`${keys} was taken`);
}

describe('desktop.key names', () => {
  it('reads presses with modifiers, in every common spelling', () => {
    expect(pressed('ctrl+s')).toEqual(['ctrl+s']);
    expect(pressed('  Control+Shift+T  alt+F4 super ')).toEqual(['ctrl+shift+T', 'alt+F4', 'Super_L']);
    expect(pressed('Enter esc backspace PgDn del arrowUp')).toEqual([
      'Return',
      'Escape',
      'BackSpace',
      'Page_Down',
      'Delete',
      'Up',
    ]);
    expect(pressed('ctrl++ + ctrl+plus shift+/ ctrl+. F24 KP_Enter')).toEqual([
      'ctrl+plus',
      'plus',
      'ctrl+plus',
      'shift+slash',
      'ctrl+period',
      'F24',
      'KP_Enter',
    ]);
    expect(pressed('ctrl+ctrl+a')).toEqual(['ctrl+a']);
  });

  it('refuses what names no key, saying what is near and how to write it', () => {
    expect(refusal('Enterr')).toBe(
      '"Enterr" in keys is no key name this tool knows; did you mean Return? Key names are X keysyms such as Return, Tab, Escape, BackSpace, Delete, Up, Page_Down, F5, a, 7, slash. To type text, use desktop.type.',
    );
    expect(refusal('hello')).toBe(
      '"hello" in keys is no key name this tool knows. Key names are X keysyms such as Return, Tab, Escape, BackSpace, Delete, Up, Page_Down, F5, a, 7, slash. To type text, use desktop.type.',
    );
    expect(refusal('foo+s')).toBe(
      '"foo" in "foo+s" is no modifier; before the last + only ctrl, alt, shift and super may stand. Write presses separated by spaces, each a key with optional modifiers joined by +, such as "ctrl+s", "Return" or "ctrl+shift+Tab"; modifiers are ctrl, alt, shift and super.',
    );
    expect(refusal('ctrl+')).toMatch(/^"ctrl\+" in keys has an empty part between the \+ signs\./);
    expect(refusal('   ')).toMatch(/^keys is empty\./);
    expect(refusal(Array(51).fill('a').join(' '))).toBe(
      'keys has 51 presses; at most 50 fit in one call (use repeat for the same ones again).',
    );
    // Not a way to smuggle options to xdotool: every press is checked first.
    expect(refusal('--window')).toMatch(/^"--window" in keys is no key name/);
    expect(refusal('é')).toMatch(/^"é" in keys is no key name/);
  });
});
