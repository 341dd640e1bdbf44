// The keys desktop.key presses: X keysym names xdotool knows, with the spellings people and models
// use for them. xdotool itself skips a name it does not know with a note on stderr and exits 0, so an
// unknown name has to be caught here, before anything is pressed.

/** Modifiers, as written in a combination (`ctrl+s`), by every spelling taken. */
export const MODIFIERS: Readonly<Record<string, string>> = Object.freeze({
  ctrl: 'ctrl',
  control: 'ctrl',
  alt: 'alt',
  shift: 'shift',
  super: 'super',
  win: 'super',
  meta: 'meta',
});

/** Named keys (not letters or digits), by their keysym. */
const NAMED_KEYS = [
  'Return',
  'Tab',
  'ISO_Left_Tab',
  'Escape',
  'BackSpace',
  'Delete',
  'Insert',
  'Home',
  'End',
  'Page_Up',
  'Page_Down',
  'Up',
  'Down',
  'Left',
  'Right',
  'space',
  'Menu',
  'Print',
  'Pause',
  'Break',
  'Scroll_Lock',
  'Num_Lock',
  'Caps_Lock',
  'Control_L',
  'Control_R',
  'Alt_L',
  'Alt_R',
  'Shift_L',
  'Shift_R',
  'Super_L',
  'Super_R',
  'Meta_L',
  'Meta_R',
  ...Array.from({ length: 24 }, (_, index) => `F${index + 1}`),
  ...Array.from({ length: 10 }, (_, index) => `KP_${index}`),
  'KP_Enter',
  'KP_Add',
  'KP_Subtract',
  'KP_Multiply',
  'KP_Divide',
  'KP_Decimal',
  'KP_Equal',
  'XF86AudioRaiseVolume',
  'XF86AudioLowerVolume',
  'XF86AudioMute',
  'XF86AudioPlay',
  'XF86AudioPause',
  'XF86AudioStop',
  'XF86AudioNext',
  'XF86AudioPrev',
  'XF86MonBrightnessUp',
  'XF86MonBrightnessDown',
];

/** Punctuation: the character and its keysym name; either may be written. */
const PUNCTUATION: Readonly<Record<string, string>> = {
  '!': 'exclam',
  '"': 'quotedbl',
  '#': 'numbersign',
  $: 'dollar',
  '%': 'percent',
  '&': 'ampersand',
  "'": 'apostrophe',
  '(': 'parenleft',
  ')': 'parenright',
  '*': 'asterisk',
  ',': 'comma',
  '-': 'minus',
  '.': 'period',
  '/': 'slash',
  ':': 'colon',
  ';': 'semicolon',
  '<': 'less',
  '=': 'equal',
  '>': 'greater',
  '?': 'question',
  '@': 'at',
  '[': 'bracketleft',
  '\\': 'backslash',
  ']': 'bracketright',
  '^': 'asciicircum',
  _: 'underscore',
  '`': 'grave',
  '{': 'braceleft',
  '|': 'bar',
  '}': 'braceright',
  '~': 'asciitilde',
};

/** Other spellings of named keys, lower-cased. */
const ALIASES: Readonly<Record<string, string>> = {
  enter: 'Return',
  ret: 'Return',
  esc: 'Escape',
  backspace: 'BackSpace',
  bksp: 'BackSpace',
  del: 'Delete',
  ins: 'Insert',
  pageup: 'Page_Up',
  pgup: 'Page_Up',
  prior: 'Page_Up',
  pagedown: 'Page_Down',
  pgdn: 'Page_Down',
  next: 'Page_Down',
  arrowup: 'Up',
  arrowdown: 'Down',
  arrowleft: 'Left',
  arrowright: 'Right',
  spacebar: 'space',
  printscreen: 'Print',
  capslock: 'Caps_Lock',
  numlock: 'Num_Lock',
  scrolllock: 'Scroll_Lock',
  plus: 'plus',
};

/** Every key name by its lower-cased spelling. Letters keep their case (`A` is shift+a), so they are apart. */
const BY_LOWER = new Map<string, string>();
for (const name of NAMED_KEYS) BY_LOWER.set(name.toLowerCase(), name);
for (const name of Object.values(PUNCTUATION)) BY_LOWER.set(name, name);
for (const [alias, name] of Object.entries(ALIASES)) BY_LOWER.set(alias, name);

/** The names shown as "did you mean" candidates: the keysyms and the aliases. */
export const KEY_NAMES: readonly string[] = Object.freeze([
  ...new Set([...NAMED_KEYS, ...Object.values(PUNCTUATION), 'plus', ...Object.keys(ALIASES)]),
]);

/** The keysym xdotool is given for what was written, or undefined when it names no key this tool knows. */
export function keysymOf(written: string): string | undefined {
  if (/^[A-Za-z0-9]$/.test(written)) return written;
  const punctuation = PUNCTUATION[written];
  if (punctuation !== undefined) return punctuation;
  const lower = written.toLowerCase();
  const named = BY_LOWER.get(lower);
  if (named !== undefined) return named;
  // A modifier alone (`super` opens a menu): its left key.
  const modifier = MODIFIERS[lower];
  if (modifier !== undefined) return MODIFIER_KEYS[modifier];
  return undefined;
}

const MODIFIER_KEYS: Readonly<Record<string, string>> = {
  ctrl: 'Control_L',
  alt: 'Alt_L',
  shift: 'Shift_L',
  super: 'Super_L',
  meta: 'Meta_L',
};
