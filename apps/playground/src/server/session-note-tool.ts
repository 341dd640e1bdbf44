import type { SdkTool } from '@wesgine/runtime';
import { Type } from '@wesgine/schema';

const SessionNoteArgs = Type.Object({
  text: Type.String({ minLength: 1, maxLength: 500, description: 'The note to keep for this session.' }),
});

/** How many notes one session keeps; the oldest go first. */
export const SESSION_NOTES_KEPT = 50;

/**
 * `session_note`: a per-run tool (`AppOptions.runTools`). The HTTP API opens one run per session and
 * asks for its tools then, so every session gets its own tool with its own notes, kept in memory while
 * the run lives: what a per-run tool is for (state that belongs to one conversation, not to the cell).
 * It changes state, so it is an action, and the default zone asks a person before it runs.
 */
export function sessionNoteTool(sessionId: string | undefined): SdkTool<typeof SessionNoteArgs> {
  const notes: string[] = [];
  const owner = sessionId === undefined ? 'this run' : `session ${sessionId}`;
  return {
    name: 'session_note',
    description:
      'Keeps a short note for this session and answers with every note the session has kept. Notes last while the session does.',
    parameters: SessionNoteArgs,
    examples: [{ args: { text: 'The user prefers tabs.' } }],
    handler: ({ text }) => {
      notes.push(text);
      if (notes.length > SESSION_NOTES_KEPT) notes.splice(0, notes.length - SESSION_NOTES_KEPT);
      const listed = notes.map((note, index) => `${index + 1}. ${note}`).join('\n');
      const count = `${notes.length} note${notes.length === 1 ? '' : 's'}`;
      return { text: `Noted; ${owner} keeps ${count}:\n${listed}`, data: { notes: [...notes] } };
    },
  };
}
