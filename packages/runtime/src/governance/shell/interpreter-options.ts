/** Node's options whose value is the next word (so that word is not the script): `node -r ./hook.js app.js`. */
export const NODE_VALUE_OPTIONS: readonly string[] = [
  '-r',
  '--require',
  '--import',
  '--loader',
  '--experimental-loader',
  '-C',
  '--conditions',
  '--input-type',
  '--env-file',
  '--title',
];

/** Python's options whose value is the next word: `python -W ignore app.py`. */
export const PYTHON_VALUE_OPTIONS: readonly string[] = ['-W', '-X', '-m', '--check-hash-based-pycs'];
