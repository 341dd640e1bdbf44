// Descriptors the runtime process inherited without close-on-exec (from whatever started it) would pass
// through bubblewrap into the sandbox, where /proc/self/fd/N reaches the file or folder they hold,
// outside every root. So a program is started by a bash line that closes every descriptor above the
// ones it is meant to have, then becomes the program.

/**
 * The argv that runs `argv` with only descriptors 0..`keep` open. `first` is a shell command run before
 * (it may use `$0`, which is `zero`).
 */
export function withOnlyDescriptors(
  keep: number,
  argv: readonly string[],
  options: { readonly first?: string; readonly zero?: string } = {},
): string[] {
  const close = `for f in /proc/$$/fd/*; do n=\${f##*/}; [ "$n" -gt ${keep} ] && eval "exec $n>&-" 2>/dev/null; done`;
  const script = `${options.first === undefined ? '' : `${options.first} || exit 125; `}${close}; exec "$@"`;
  // No start-up file: bash reads ~/.bashrc when its stdin is a socket (a launcher's pipe may be one).
  return ['bash', '--norc', '--noprofile', '-c', script, options.zero ?? 'bash', ...argv];
}
