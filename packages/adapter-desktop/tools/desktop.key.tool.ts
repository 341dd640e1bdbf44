import { defineTool, Type } from '@wesgine/schema';
import { WindowId } from './_window.js';

export default defineTool({
  name: 'desktop.key',
  description:
    'Press keys or shortcuts on the X display, into the given window (focused first) or else the focused window. keys is one or more presses separated by spaces, each a key name with optional modifiers joined by +: "ctrl+s", "Return", "alt+F4", "ctrl+shift+t", "Down Down Return". Key names are X keysyms (Return, Tab, Escape, BackSpace, Delete, Home, End, Page_Up, Up, F1 to F24, a, 7, slash, ...); modifiers are ctrl, alt, shift and super. To type text use desktop.type. A person approves each call unless a Zone rule allows it by name.',
  parameters: Type.Object({
    keys: Type.String({
      minLength: 1,
      maxLength: 500,
      description: 'The presses, separated by spaces, such as "ctrl+s" or "Escape" or "Down Down Return".',
    }),
    repeat: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, description: 'Press the whole sequence this many times. Default 1.' }),
    ),
    window: WindowId('Focus this window first (an id from desktop.windows). Default: the focused window.'),
  }),
  meta: { askFirst: true, timeoutMs: 60_000 },
  examples: [{ args: { keys: 'ctrl+s' } }, { args: { keys: 'Down Down Return', window: 2097164 } }],
});
