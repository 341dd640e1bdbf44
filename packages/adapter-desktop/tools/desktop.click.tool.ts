import { defineTool, Type } from '@wesgine/schema';
import { WindowId } from './_window.js';

const Coordinate = (description: string) => Type.Integer({ minimum: 0, maximum: 65_535, description });

export default defineTool({
  name: 'desktop.click',
  description:
    'Move the mouse pointer to a point of the X display and click there. A person approves each click unless a Zone rule allows it by name. Take a screenshot first to find the point.',
  parameters: Type.Object({
    x: Coordinate('Pixels from the left edge: of the screen, or of the window when window is given.'),
    y: Coordinate('Pixels from the top edge: of the screen, or of the window when window is given.'),
    button: Type.Optional(
      Type.Union([Type.Literal('left'), Type.Literal('middle'), Type.Literal('right')], {
        description: 'Which mouse button. Default left.',
      }),
    ),
    double: Type.Optional(Type.Boolean({ description: 'Click twice in quick succession. Default false.' })),
    window: WindowId('Make x and y relative to this window (an id from desktop.windows).'),
  }),
  meta: { askFirst: true, timeoutMs: 30_000 },
  examples: [{ args: { x: 512, y: 384 } }, { args: { x: 40, y: 12, button: 'right', window: 2097164 } }],
});
