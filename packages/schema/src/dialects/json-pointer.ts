/** `pointer` extended by one reference token, escaped per RFC 6901. */
export function childPointer(pointer: string, token: string | number): string {
  return `${pointer}/${String(token).replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

/** The pointer as people read it in a message: the root is `/`. */
export function showPointer(pointer: string): string {
  return pointer === '' ? '/' : pointer;
}

/** The value at `pointer` (a `#`-less RFC 6901 pointer) inside `root`, or `undefined`. */
export function valueAtPointer(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let current: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const token = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[token];
  }
  return current;
}
