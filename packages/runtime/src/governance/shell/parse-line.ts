import { checkCharacters } from './control-characters.js';
import { type ShellContext, ShellCursor, type ShellHooks } from './shell-cursor.js';
import type { ShellFinding } from './shell-finding.js';
import { ShellParser } from './shell-parser.js';
import type { Script } from './shell-syntax.js';

/**
 * Parses a command line into its syntax tree, reporting what needs a person's approval to `report`.
 * Throws a `ShellRefusal` when the line cannot be read exactly as bash reads it.
 */
export function parseLine(text: string, report: (finding: ShellFinding) => void): Script {
  checkCharacters(text, 0);
  const context: ShellContext = { pendingHereDocuments: 0, depth: 0, commands: 0 };
  const hooks: ShellHooks = {
    nested: (source, start, base) => {
      const cursor = new ShellCursor(source, start, base, hooks, context);
      cursor.enter();
      const parsed = new ShellParser(cursor).parseNested();
      cursor.leave();
      return parsed;
    },
    backquoted: (source, base) => {
      const cursor = new ShellCursor(source, 0, base, hooks, context);
      cursor.enter();
      const script = new ShellParser(cursor).parseScript();
      cursor.leave();
      return script;
    },
    report,
  };
  return new ShellParser(new ShellCursor(text, 0, 0, hooks, context)).parseScript();
}
