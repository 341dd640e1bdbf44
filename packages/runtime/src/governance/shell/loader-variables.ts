/** Variables that change which programs, libraries or startup code get loaded, or how the shell reads words. */
const NAMES = new Set([
  'PATH',
  'BASH_ENV',
  'ENV',
  'IFS',
  'CDPATH',
  'SHELLOPTS',
  'BASHOPTS',
  'PS4',
  'PROMPT_COMMAND',
  'PYTHONPATH',
  'PYTHONHOME',
  'PYTHONSTARTUP',
  'NODE_OPTIONS',
  'NODE_PATH',
  'PERL5OPT',
  'PERL5LIB',
  'PERLLIB',
  'RUBYOPT',
  'RUBYLIB',
  'PAGER',
  'MANPAGER',
  'EDITOR',
  'VISUAL',
  'LESSOPEN',
]);

const PREFIXES = ['LD_', 'DYLD_', 'GIT_', 'BASH_FUNC_'];

/**
 * Whether assigning `name` changes how programs load: `PATH`, the dynamic loader's `LD_*` and `DYLD_*`,
 * `BASH_ENV`/`ENV`, every `GIT_*`, the interpreters' module paths and options, pagers and editors, and
 * `IFS`. An array element (`PATH[0]`) counts as its array.
 */
export function isLoaderVariable(name: string): boolean {
  const bracket = name.indexOf('[');
  const base = bracket === -1 ? name : name.slice(0, bracket);
  return NAMES.has(base) || PREFIXES.some((prefix) => base.startsWith(prefix));
}
