import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { EditArgs } from '../../generated/types.gen.js';
import { commitSeen } from '../files/after-write.js';
import { currentFile } from '../files/current-file.js';
import { lineAt, occurrences } from '../files/literal-replace.js';
import { numberLines, splitLines } from '../files/numbered-lines.js';
import { writeTarget } from '../files/resolved-path.js';
import { withFileLocks } from '../fs/file-locks.js';
import { replaceKeepingEndings } from '../fs/keep-endings.js';
import { normalised, splitEndings, toLf } from '../fs/line-endings.js';

/** Lines of context shown around a change. */
const SNIPPET_CONTEXT = 3;

/**
 * Replaces literal text in a file: exactly one occurrence, or all with `replace_all`. Every line the
 * change does not touch keeps its own ending (see line-endings.ts), new lines take the ending of the
 * line the change starts on, and the file keeps whether it ends with a line break; an empty
 * `old_string` creates a new file.
 */
export const edit: ToolHandler<EditArgs> = async (args, context) => {
  const real = writeTarget(context, '/path', args.path);
  const shown = args.path;
  if (args.old_string === args.new_string) {
    throw new ToolError('no_change', 'old_string and new_string are the same, so there is nothing to change.');
  }
  return withFileLocks([real], async () => {
    const existing = await currentFile(context.session, real, shown);
    if (args.old_string === '') {
      if (existing !== undefined) {
        throw new ToolError(
          'file_exists',
          `${shown} already exists; an empty old_string only creates new files. Give the text to replace instead.`,
        );
      }
      await commitSeen(context.session, [{ path: real, content: args.new_string, shown }]);
      const lines = splitLines(args.new_string).length;
      return `Created ${shown} with the given text (${lines} line${lines === 1 ? '' : 's'}).`;
    }
    if (existing === undefined) {
      throw new ToolError(
        'file_not_found',
        `${shown} does not exist. To create it, call edit with an empty old_string, or use write.`,
      );
    }
    const file = splitEndings(existing.text);
    const text = normalised(file);
    const oldText = toLf(args.old_string, file.loneCr);
    const newText = toLf(args.new_string, file.loneCr);
    const found = occurrences(text, oldText);
    if (found.length === 0) {
      throw new ToolError(
        'edit_no_match',
        `old_string does not occur in ${shown}. It must match the file exactly, whitespace and indentation included: read the file again and copy the text from it.`,
      );
    }
    const replaceAll = args.replace_all === true;
    if (found.length > 1 && !replaceAll) {
      const lines = found.map((at) => lineAt(text, at)).join(', ');
      throw new ToolError(
        'edit_ambiguous',
        `old_string occurs ${found.length} times in ${shown} (lines ${lines}). Add surrounding lines to make it unique, or set replace_all to true to change every one.`,
      );
    }
    const targets = replaceAll ? found : found.slice(0, 1);
    const { text: result, content } = replaceKeepingEndings(file, text, oldText, newText, targets);
    await commitSeen(context.session, [{ path: real, content, shown }]);
    const count = targets.length === 1 ? 'one occurrence' : `${targets.length} occurrences`;
    if (result === '') return `Edited ${shown}: replaced ${count}; the file is now empty.`;
    const first = targets[0] as number;
    const startLine = lineAt(result, first);
    const endLine = startLine + splitLines(newText).length - 1;
    const lines = splitLines(result);
    const from = Math.max(1, startLine - SNIPPET_CONTEXT);
    const to = Math.min(lines.length, Math.max(startLine, endLine) + SNIPPET_CONTEXT);
    return `Edited ${shown}: replaced ${count}. Lines ${from}-${to} now read:\n${numberLines(lines.slice(from - 1, to), from)}`;
  });
};
