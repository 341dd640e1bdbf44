import type { DialectName } from '@wesgine/schema';

/** How one call came: `run.call(name, args, options)`. */
export interface CallOptions {
  /**
   * The provider dialect the arguments came in (a model's answer to a listing in that dialect). The
   * pipeline decodes them back to the tool's own shape after it found the tool and before it validates:
   * OpenAI strict mode's `null`s for left-out optionals are removed, Gemini's string-encoded enum values
   * turned back into numbers and booleans. The tool may then also be named by its provider name in that
   * dialect (`notes_read` for `notes.read`). Absent: the arguments are taken as they are.
   */
  readonly dialect?: DialectName;
}
