import { ToolError } from '@wesgine/schema';
import type { MemoryArgs } from '../../generated/types.gen.js';

type Command = MemoryArgs['command'];
type Field = Exclude<keyof MemoryArgs, 'command'>;

/** Each command's fields: those it needs, then those it may take. */
const FIELDS: Record<Command, { readonly needs: readonly Field[]; readonly may: readonly Field[] }> = {
  view: { needs: ['path'], may: ['view_range'] },
  create: { needs: ['path', 'file_text'], may: [] },
  str_replace: { needs: ['path', 'old_str', 'new_str'], may: [] },
  insert: { needs: ['path', 'insert_line', 'insert_text'], may: [] },
  delete: { needs: ['path'], may: [] },
  rename: { needs: ['old_path', 'new_path'], may: [] },
  search: { needs: ['query'], may: ['limit'] },
};

/** What a missing field is for, so the error can say what to send. */
const PURPOSE: Record<Field, string> = {
  path: 'the file or folder under /memories',
  view_range: 'the first and last line to show',
  file_text: 'the whole text of the file',
  old_str: 'the text to replace, exactly as stored',
  new_str: 'the text to put in its place, which may be empty',
  insert_line: 'the line to insert after, 0 for the top',
  insert_text: 'the text to insert',
  old_path: 'the file or folder to move',
  new_path: 'where to move it',
  query: 'the words to look for',
  limit: 'how many files at most',
};

function list(fields: readonly string[]): string {
  if (fields.length <= 1) return fields.join('');
  return `${fields.slice(0, -1).join(', ')} and ${fields[fields.length - 1]}`;
}

/**
 * The arguments, checked against the chosen command: a field it needs that is missing, or a field that
 * belongs to another command, is an `invalid_arguments` error that names the field and what the command
 * takes.
 */
export function checkFields(args: MemoryArgs): void {
  const { needs, may } = FIELDS[args.command];
  const takes = `${args.command} takes ${list([...needs, ...may.map((field) => `${field} (optional)`)])}`;
  for (const field of needs) {
    if (args[field] === undefined) {
      throw new ToolError('invalid_arguments', `${args.command} needs ${field} (${PURPOSE[field]}); ${takes}.`);
    }
  }
  const unknown = Object.keys(args).filter((key) => key !== 'command' && !Object.hasOwn(PURPOSE, key));
  if (unknown.length > 0) {
    throw new ToolError('invalid_arguments', `memory has no field ${list(unknown)}; ${takes}.`);
  }
  const extra = (Object.keys(args) as (Field | 'command')[]).filter(
    (key): key is Field => key !== 'command' && args[key] !== undefined && !needs.includes(key) && !may.includes(key),
  );
  if (extra.length > 0) {
    const owners = extra.map((field) => `${field} (${ownersOf(field)})`);
    throw new ToolError(
      'invalid_arguments',
      `${list(extra)} ${extra.length === 1 ? 'does' : 'do'} not belong to ${args.command}: ${takes}. Leave out ${owners.join(', ')}.`,
    );
  }
}

function ownersOf(field: Field): string {
  const owners = (Object.keys(FIELDS) as Command[]).filter(
    (command) => FIELDS[command].needs.includes(field) || FIELDS[command].may.includes(field),
  );
  return `used by ${list(owners)}`;
}
