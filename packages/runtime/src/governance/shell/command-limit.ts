import { ShellRefusal } from './shell-refusal.js';

/** The most simple commands one line may hold; beyond, the line is refused, never asked about. */
export const MAX_COMMANDS = 32;

export function tooManyCommands(at: number): ShellRefusal {
  return new ShellRefusal(
    'too-many-commands',
    `The command line has more than ${MAX_COMMANDS} commands, more than the analysis judges in one line. Split it into several calls.`,
    at,
  );
}
