import { cutOutput } from './cut-output.js';
import type { ToolResult } from './tool-result.js';

/**
 * Step 7: turns what a handler returned into a `ToolResult`: a string is the text; `{ text, data }`
 * keeps both. Text over the budget is cut (head and tail) and the whole of it spilled to a file. A
 * return of any other shape is the handler's failure, said plainly.
 */
export function shapeStage(
  tool: string,
  returned: unknown,
  budget: number,
  spill: (text: string) => string | undefined,
  note: string | undefined,
): ToolResult {
  let text: string;
  let data: unknown;
  if (typeof returned === 'string') text = returned;
  else if (typeof (returned as { text?: unknown } | null)?.text === 'string') {
    ({ text, data } = returned as { text: string; data?: unknown });
  } else {
    return {
      isError: true,
      code: 'handler_failed',
      text: `${tool} returned ${returned === null || returned === undefined ? String(returned) : `a ${typeof returned} without text`}; a handler returns a string or { text, data }.`,
    };
  }
  const spilledTo = text.length > budget ? spill(text) : undefined;
  const cut = cutOutput(text, budget, spilledTo);
  const shown = note === undefined ? cut.text : `${cut.text}\n\n${note}`;
  return {
    isError: false,
    text: shown,
    ...(data === undefined ? {} : { data }),
    ...(spilledTo === undefined ? {} : { spilledTo }),
  };
}
