import type { Redirect } from './shell-syntax.js';

const WRITES = ['>', '>>', '>|', '&>', '&>>', '<>'];

/** Here-documents and here-strings: standard input written in the line itself. */
export const HERE_OPERATORS = ['<<', '<<-', '<<<'];

/**
 * Whether a redirection reads or writes a file: `<` reads; `>`, `>>`, `>|`, `&>`, `&>>` and `<>` write;
 * `>&` and `<&` duplicate a descriptor (`2>&1`, `>&-`) unless their target is a file name. Here-documents
 * and here-strings name no file.
 */
export function redirectAccess(redirect: Pick<Redirect, 'op' | 'target'>): 'read' | 'write' | undefined {
  if (WRITES.includes(redirect.op)) return 'write';
  if (redirect.op === '<') return 'read';
  if (redirect.op === '>&' || redirect.op === '<&') {
    const { value, mask } = redirect.target;
    if (/^([0-9]+-?|-)$/.test(value) && mask.replaceAll('u', '') === '') return undefined;
    return redirect.op === '>&' ? 'write' : 'read';
  }
  return undefined;
}
