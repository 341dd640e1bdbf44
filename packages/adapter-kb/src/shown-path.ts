/**
 * A real path as the model is shown it, and can pass back to `kb.get` or `read`: relative to the work
 * folder when inside it ('.' for the work folder itself), else absolute.
 */
export function shownPath(real: string, workDir: string): string {
  if (real === workDir) return '.';
  const base = workDir.endsWith('/') ? workDir : `${workDir}/`;
  return real.startsWith(base) ? real.slice(base.length) : real;
}
