import { closeNames, ToolError } from '@wesgine/schema';
import { KEY_NAMES, keysymOf, MODIFIERS } from './key-names.js';

/** One press: modifiers held, then the key. */
export interface KeyPress {
  readonly modifiers: readonly string[];
  readonly key: string;
}

const MAX_PRESSES = 50;

const HOW =
  'Write presses separated by spaces, each a key with optional modifiers joined by +, such as "ctrl+s", "Return" or "ctrl+shift+Tab"; modifiers are ctrl, alt, shift and super.';

/** Reads the `keys` argument of desktop.key; throws an `invalid_arguments` ToolError saying what is wrong. */
export function parseKeys(keys: string): KeyPress[] {
  const words = keys
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 0) throw new ToolError('invalid_arguments', `keys is empty. ${HOW}`);
  if (words.length > MAX_PRESSES) {
    throw new ToolError(
      'invalid_arguments',
      `keys has ${words.length} presses; at most ${MAX_PRESSES} fit in one call (use repeat for the same ones again).`,
    );
  }
  return words.map(parsePress);
}

function parsePress(word: string): KeyPress {
  // A lone "+" is the plus key; "ctrl++" is ctrl and the plus key.
  const parts = word === '+' ? ['+'] : word.endsWith('++') ? [...word.slice(0, -2).split('+'), '+'] : word.split('+');
  if (parts.some((part) => part === '')) {
    throw new ToolError(
      'invalid_arguments',
      `${JSON.stringify(word)} in keys has an empty part between the + signs. ${HOW}`,
    );
  }
  const written = parts.at(-1) as string;
  const modifiers: string[] = [];
  for (const part of parts.slice(0, -1)) {
    const modifier = MODIFIERS[part.toLowerCase()];
    if (modifier === undefined) {
      throw new ToolError(
        'invalid_arguments',
        `${JSON.stringify(part)} in ${JSON.stringify(word)} is no modifier; before the last + only ctrl, alt, shift and super may stand. ${HOW}`,
      );
    }
    if (!modifiers.includes(modifier)) modifiers.push(modifier);
  }
  const key = written === '+' ? 'plus' : keysymOf(written);
  if (key === undefined) {
    // Offered by their keysym: `enter` is found near `Enterr`, `Return` is what to learn.
    const near = [...new Set(closeNames(written, KEY_NAMES).map((name) => keysymOf(name) ?? name))];
    throw new ToolError(
      'invalid_arguments',
      `${JSON.stringify(written)} in keys is no key name this tool knows${near.length > 0 ? `; did you mean ${near.join(', ')}?` : '.'} Key names are X keysyms such as Return, Tab, Escape, BackSpace, Delete, Up, Page_Down, F5, a, 7, slash. To type text, use desktop.type.`,
    );
  }
  return { modifiers, key };
}

/** A press as xdotool takes it, and as the model is told it was pressed: `ctrl+shift+t`. */
export function pressText(press: KeyPress): string {
  return [...press.modifiers, press.key].join('+');
}
