import { defineTool, Type } from '@wesgine/schema';
import { WindowId } from './_window.js';

export default defineTool({
  name: 'desktop.type',
  description:
    'Type text on the X display as if on a keyboard, into the given window (which is focused first) or else into whichever window has the focus. A line break presses Return and a tab presses Tab; for other keys and shortcuts (ctrl+s, Escape) use desktop.key. A person approves each call unless a Zone rule allows it by name.',
  parameters: Type.Object({
    text: Type.String({ minLength: 1, maxLength: 5000, description: 'The text to type (up to 5,000 characters).' }),
    window: WindowId('Focus this window first (an id from desktop.windows). Default: the focused window.'),
  }),
  meta: { askFirst: true, timeoutMs: 120_000 },
  examples: [{ args: { text: 'hello world\n', window: 2097164 } }],
});
